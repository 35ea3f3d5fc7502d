import type { CatalogueCountry } from '@centinela/shared';
import type { Rng } from '../../../lib/rng.ts';

/**
 * Cities people live in, with the region a document number or phone encodes: `code` is the CURP
 * state (mx), the province prefix of the cédula (ec, cr, pa) or the CPF fiscal region (br);
 * `area` is the phone area code where numbers carry one.
 */
export type Place = { city: string; state: string; locode?: string; code?: string; area?: string };

export const PLACES: Record<CatalogueCountry, readonly Place[]> = {
  ar: [
    { city: 'Buenos Aires', state: 'Ciudad Autónoma de Buenos Aires', locode: 'AR BUE', area: '11' },
    { city: 'Córdoba', state: 'Córdoba', locode: 'AR COR', area: '351' },
    { city: 'Rosario', state: 'Santa Fe', locode: 'AR ROS', area: '341' },
    { city: 'Mendoza', state: 'Mendoza', locode: 'AR MDZ', area: '261' },
    { city: 'La Plata', state: 'Buenos Aires', locode: 'AR LPG', area: '221' },
  ],
  br: [
    { city: 'São Paulo', state: 'São Paulo', locode: 'BR SAO', code: '8', area: '11' },
    { city: 'Rio de Janeiro', state: 'Rio de Janeiro', locode: 'BR RIO', code: '7', area: '21' },
    { city: 'Belo Horizonte', state: 'Minas Gerais', locode: 'BR BHZ', code: '6', area: '31' },
    { city: 'Curitiba', state: 'Paraná', locode: 'BR CWB', code: '9', area: '41' },
    { city: 'Porto Alegre', state: 'Rio Grande do Sul', locode: 'BR POA', code: '0', area: '51' },
    { city: 'Salvador', state: 'Bahia', locode: 'BR SSA', code: '5', area: '71' },
  ],
  cl: [
    { city: 'Santiago', state: 'Región Metropolitana', locode: 'CL SCL' },
    { city: 'Valparaíso', state: 'Valparaíso', locode: 'CL VAP' },
    { city: 'Concepción', state: 'Biobío', locode: 'CL CCP' },
    { city: 'Antofagasta', state: 'Antofagasta', locode: 'CL ANF' },
  ],
  co: [
    { city: 'Bogotá', state: 'Bogotá D.C.', locode: 'CO BOG' },
    { city: 'Medellín', state: 'Antioquia', locode: 'CO MDE' },
    { city: 'Cali', state: 'Valle del Cauca', locode: 'CO CLO' },
    { city: 'Barranquilla', state: 'Atlántico', locode: 'CO BAQ' },
    { city: 'Cartagena', state: 'Bolívar', locode: 'CO CTG' },
    { city: 'Bucaramanga', state: 'Santander', locode: 'CO BGA' },
  ],
  cr: [
    { city: 'San José', state: 'San José', locode: 'CR SJO', code: '1' },
    { city: 'Alajuela', state: 'Alajuela', code: '2' },
    { city: 'Cartago', state: 'Cartago', code: '3' },
    { city: 'Liberia', state: 'Guanacaste', locode: 'CR LIR', code: '5' },
  ],
  ec: [
    { city: 'Quito', state: 'Pichincha', locode: 'EC UIO', code: '17' },
    { city: 'Guayaquil', state: 'Guayas', locode: 'EC GYE', code: '09' },
    { city: 'Cuenca', state: 'Azuay', locode: 'EC CUE', code: '01' },
    { city: 'Manta', state: 'Manabí', locode: 'EC MEC', code: '13' },
  ],
  mx: [
    { city: 'Ciudad de México', state: 'Ciudad de México', locode: 'MX MEX', code: 'DF', area: '55' },
    { city: 'Guadalajara', state: 'Jalisco', locode: 'MX GDL', code: 'JC', area: '33' },
    { city: 'Monterrey', state: 'Nuevo León', locode: 'MX MTY', code: 'NL', area: '81' },
    { city: 'Puebla', state: 'Puebla', locode: 'MX PBC', code: 'PL', area: '222' },
    { city: 'Querétaro', state: 'Querétaro', locode: 'MX QRO', code: 'QT', area: '442' },
    { city: 'Mérida', state: 'Yucatán', locode: 'MX MID', code: 'YN', area: '999' },
  ],
  pa: [
    { city: 'Ciudad de Panamá', state: 'Panamá', locode: 'PA PTY', code: '8' },
    { city: 'Colón', state: 'Colón', locode: 'PA ONX', code: '3' },
    { city: 'David', state: 'Chiriquí', locode: 'PA DAV', code: '4' },
  ],
  pe: [
    { city: 'Lima', state: 'Lima', locode: 'PE LIM' },
    { city: 'Arequipa', state: 'Arequipa', locode: 'PE AQP' },
    { city: 'Trujillo', state: 'La Libertad', locode: 'PE TRU' },
    { city: 'Cusco', state: 'Cusco', locode: 'PE CUZ' },
  ],
};

const CO_MOBILE = ['300', '301', '304', '310', '311', '312', '313', '315', '316', '317', '318', '320', '321', '350'];

/** A mobile number in E.164, as Sol and WhatsApp need it. */
export function mobilePhone(country: CatalogueCountry, place: Place, rng: Rng): string {
  const local = (area: string, length: number) => area + rng.digits(length - area.length);
  switch (country) {
    case 'ar':
      return `+549${local(place.area ?? '11', 10)}`; // 9 marks a mobile in international form
    case 'br':
      return `+55${place.area ?? '11'}9${rng.digits(8)}`;
    case 'cl':
      return `+569${rng.digits(8)}`;
    case 'co':
      return `+57${rng.pick(CO_MOBILE)}${rng.digits(7)}`;
    case 'cr':
      return `+506${rng.pick(['6', '7', '8'])}${rng.digits(7)}`;
    case 'ec':
      return `+5939${rng.digits(8)}`;
    case 'mx':
      return `+52${local(place.area ?? '55', 10)}`;
    case 'pa':
      return `+5076${rng.digits(7)}`;
    case 'pe':
      return `+519${rng.digits(8)}`;
  }
}
