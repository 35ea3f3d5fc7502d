import type { CatalogueCountry } from '@centinela/shared';

/** Given names and surnames common in each country, so a list of demo people reads as real. */
export type NamePool = {
  female: readonly string[];
  male: readonly string[];
  surnames: readonly string[];
  /** Chance of writing both surnames (paternal and maternal); Argentines mostly use one. */
  twoSurnames: number;
};

const FEMALE = ['María', 'Ana', 'Laura', 'Daniela', 'Valentina', 'Camila', 'Sofía', 'Gabriela', 'Natalia', 'Carolina',
  'Paula', 'Andrea', 'Lucía', 'Mariana', 'Fernanda', 'Alejandra', 'Diana', 'Claudia', 'Patricia', 'Verónica'];
const MALE = ['Juan', 'José', 'Carlos', 'Luis', 'Andrés', 'Jorge', 'Miguel', 'Diego', 'Santiago', 'Sebastián',
  'Alejandro', 'Daniel', 'David', 'Felipe', 'Javier', 'Ricardo', 'Fernando', 'Mateo', 'Nicolás', 'Eduardo'];

const hispanic = (female: string[], male: string[], surnames: string[], twoSurnames = 0.85): NamePool => ({
  female: [...FEMALE, ...female],
  male: [...MALE, ...male],
  surnames,
  twoSurnames,
});

export const NAMES: Record<CatalogueCountry, NamePool> = {
  ar: hispanic(['Agustina', 'Micaela', 'Florencia', 'Romina'], ['Facundo', 'Lautaro', 'Gonzalo', 'Matías', 'Ezequiel'],
    ['González', 'Rodríguez', 'Gómez', 'Fernández', 'López', 'Díaz', 'Martínez', 'Pérez', 'Romero', 'Sosa', 'Álvarez',
      'Benítez', 'Acosta', 'Medina', 'Ferrari', 'Rossi', 'Russo', 'Giménez', 'Herrera', 'Suárez', 'Aguirre', 'Pereyra'], 0.15),
  br: {
    female: ['Ana', 'Maria', 'Juliana', 'Fernanda', 'Camila', 'Beatriz', 'Larissa', 'Mariana', 'Gabriela', 'Letícia',
      'Patrícia', 'Aline', 'Bruna', 'Vitória', 'Luana', 'Carolina'],
    male: ['João', 'Pedro', 'Lucas', 'Gabriel', 'Rafael', 'Gustavo', 'Felipe', 'Bruno', 'Thiago', 'Rodrigo', 'Matheus',
      'Leonardo', 'Eduardo', 'Diego', 'Vinícius', 'Paulo'],
    surnames: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
      'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha',
      'Dias', 'Nascimento', 'Moreira'],
    twoSurnames: 0.6,
  },
  cl: hispanic(['Javiera', 'Constanza', 'Francisca', 'Macarena'], ['Benjamín', 'Vicente', 'Cristóbal', 'Ignacio'],
    ['González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez', 'Sepúlveda', 'Morales',
      'Rodríguez', 'López', 'Fuentes', 'Hernández', 'Torres', 'Araya', 'Flores', 'Espinoza', 'Valenzuela', 'Castillo', 'Tapia']),
  co: hispanic(['Luz Marina', 'Yesenia', 'Leidy', 'Marcela', 'Juliana'], ['Juan Camilo', 'Jhon Fredy', 'Andrés Felipe', 'Cristian', 'Wilson'],
    ['Rodríguez', 'Gómez', 'González', 'Martínez', 'García', 'López', 'Hernández', 'Sánchez', 'Ramírez', 'Pérez', 'Díaz',
      'Torres', 'Moreno', 'Rojas', 'Vargas', 'Jiménez', 'Castro', 'Ortiz', 'Restrepo', 'Ospina', 'Cárdenas', 'Quintero',
      'Londoño', 'Montoya', 'Zapata', 'Valencia', 'Arango', 'Mejía']),
  cr: hispanic(['María José', 'Rebeca', 'Fabiola', 'Hazel'], ['Esteban', 'Josué', 'Randall', 'Mauricio', 'Alonso'],
    ['Rodríguez', 'Vargas', 'Jiménez', 'Mora', 'Rojas', 'González', 'Sánchez', 'Hernández', 'Ramírez', 'Solano', 'Araya',
      'Alfaro', 'Quesada', 'Chaves', 'Castro', 'Villalobos', 'Calderón', 'Arias', 'Campos', 'Fonseca']),
  ec: hispanic(['Jessica', 'Mayra', 'Gissela', 'Karina'], ['Byron', 'Wilson', 'Xavier', 'Patricio', 'Édison'],
    ['Zambrano', 'Vera', 'Mendoza', 'Cedeño', 'Morales', 'Torres', 'Castillo', 'Suárez', 'Andrade', 'Moreira', 'Guerrero',
      'Espinoza', 'Ramírez', 'Intriago', 'Macías', 'Herrera', 'Chávez', 'Vásquez', 'Salazar', 'Jaramillo']),
  mx: hispanic(['Guadalupe', 'Ximena', 'Itzel', 'Brenda'], ['José Luis', 'Jesús', 'Héctor', 'Arturo', 'Rogelio'],
    ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Cruz', 'Flores',
      'Gómez', 'Morales', 'Vázquez', 'Reyes', 'Jiménez', 'Torres', 'Gutiérrez', 'Ruiz', 'Mendoza', 'Aguilar', 'Castillo',
      'Chávez', 'Domínguez'], 0.95),
  pa: hispanic(['Yariela', 'Itzel', 'Anabel', 'Kathia'], ['Abdiel', 'Eric', 'Rubén', 'Omar'],
    ['González', 'Rodríguez', 'Sánchez', 'Pérez', 'Martínez', 'Castillo', 'De León', 'Herrera', 'Batista', 'Morales',
      'Vásquez', 'Jaén', 'Barría', 'Quintero', 'Ríos', 'Samaniego', 'Cedeño', 'Atencio', 'Delgado', 'Guerra']),
  pe: hispanic(['Rosa', 'Milagros', 'Yolanda', 'Kiara'], ['Renzo', 'Jhonatan', 'Piero', 'César', 'Wilmer'],
    ['Quispe', 'Flores', 'Sánchez', 'Rodríguez', 'García', 'Rojas', 'Huamán', 'Mamani', 'Ramírez', 'Chávez', 'Torres',
      'Vásquez', 'Mendoza', 'Díaz', 'Castillo', 'Gutiérrez', 'Espinoza', 'Vargas', 'Paredes', 'Salazar', 'Cárdenas', 'Huanca']),
};

/** Plain ASCII for e-mail local parts and CURP letters: "Ñúñez" → "Nunez". */
export const ascii = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
