import { z } from 'zod';
import type { Locale } from '../enums.ts';

/**
 * Every error the API answers is `{ code, message }`: `code` is stable (and the client's translation
 * key), `message` is in the caller's language (Accept-Language), English by default.
 */
export const ERROR_MESSAGES = {
  not_found: {
    en: 'This page could not be found',
    es: 'No se pudo encontrar esta página',
    pt: 'Não foi possível encontrar esta página',
  },
  route_not_found: {
    en: 'Route {method} {url} not found',
    es: 'La ruta {method} {url} no existe',
    pt: 'A rota {method} {url} não existe',
  },
  validation_failed: { en: 'Invalid field value', es: 'Valor de campo no válido', pt: 'Valor de campo inválido' },
  invalid_json: {
    en: 'The request body is not valid JSON.',
    es: 'El cuerpo de la solicitud no es JSON válido.',
    pt: 'O corpo da solicitação não é um JSON válido.',
  },
  body_too_large: {
    en: 'The request body is too large.',
    es: 'El cuerpo de la solicitud es demasiado grande.',
    pt: 'O corpo da solicitação é grande demais.',
  },
  unsupported_media_type: {
    en: 'Unsupported content type: send JSON.',
    es: 'Tipo de contenido no admitido: envíe JSON.',
    pt: 'Tipo de conteúdo não suportado: envie JSON.',
  },
  uri_too_long: {
    en: 'The address requested is too long.',
    es: 'La dirección solicitada es demasiado larga.',
    pt: 'O endereço solicitado é longo demais.',
  },
  headers_too_large: {
    en: 'The request headers are too large.',
    es: 'Los encabezados de la solicitud son demasiado grandes.',
    pt: 'Os cabeçalhos da solicitação são grandes demais.',
  },
  request_timeout: {
    en: 'The request took too long to arrive.',
    es: 'La solicitud tardó demasiado en llegar.',
    pt: 'A solicitação demorou demais para chegar.',
  },
  unauthenticated: {
    en: 'Please sign in to continue.',
    es: 'Inicie sesión para continuar.',
    pt: 'Entre para continuar.',
  },
  token_expired: {
    en: 'Your session has expired. Please sign in again.',
    es: 'Su sesión ha expirado. Inicie sesión de nuevo.',
    pt: 'Sua sessão expirou. Entre novamente.',
  },
  invalid_credentials: {
    en: 'The email or password is incorrect.',
    es: 'El correo electrónico o la contraseña son incorrectos.',
    pt: 'O e-mail ou a senha estão incorretos.',
  },
  account_not_authorized: {
    en: 'Account not authorized, please contact us.',
    es: 'Cuenta no autorizada, por favor contáctenos.',
    pt: 'Conta não autorizada, entre em contato conosco.',
  },
  oidc_failed: {
    en: 'Signing in with your organization did not work. Please try again.',
    es: 'No se pudo iniciar sesión con su organización. Inténtelo de nuevo.',
    pt: 'Não foi possível entrar com a sua organização. Tente novamente.',
  },
  forbidden: {
    en: 'You do not have permission to do this.',
    es: 'No tiene permiso para realizar esta acción.',
    pt: 'Você não tem permissão para fazer isso.',
  },
  rate_limited: {
    en: 'Too many attempts. Please wait a moment and try again.',
    es: 'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
    pt: 'Muitas tentativas. Aguarde um momento e tente novamente.',
  },
  bad_request: {
    en: 'The request could not be understood.',
    es: 'No se pudo entender la solicitud.',
    pt: 'Não foi possível entender a solicitação.',
  },
  service_unavailable: {
    en: 'The service is temporarily unavailable. Please try again shortly.',
    es: 'El servicio no está disponible temporalmente. Inténtelo de nuevo en breve.',
    pt: 'O serviço está temporariamente indisponível. Tente novamente em breve.',
  },
  profile_create_failed: {
    en: 'Unable to create profile.',
    es: 'No se pudo crear el perfil.',
    pt: 'Não foi possível criar o perfil.',
  },
  sol_invalid_signature: {
    en: 'The webhook signature is missing or wrong.',
    es: 'La firma del webhook falta o no es válida.',
    pt: 'A assinatura do webhook está ausente ou é inválida.',
  },
  sol_not_configured: {
    en: 'This Sol provider is not configured.',
    es: 'Este proveedor de Sol no está configurado.',
    pt: 'Este provedor do Sol não está configurado.',
  },
  owner_required: {
    en: 'Choose the client account to act for.',
    es: 'Elija la cuenta de cliente en cuyo nombre actúa.',
    pt: 'Escolha a conta de cliente em nome da qual você atua.',
  },
  review_not_pending: {
    en: 'Only a person pending manual review can be approved or rejected.',
    es: 'Solo se puede aprobar o rechazar a una persona pendiente de revisión manual.',
    pt: 'Só é possível aprovar ou reprovar uma pessoa com revisão manual pendente.',
  },
  /** A record matched by the person's document decides FAILED: a reviewer's approval cannot clear it. */
  review_document_match: {
    en: 'This person has a record matched by their document: the result is Failed, and an approval cannot clear it.',
    es: 'Esta persona tiene un registro que coincide por su documento: el resultado es No aprobado y una aprobación no puede anularlo.',
    pt: 'Esta pessoa tem um registro que coincide pelo documento: o resultado é Reprovado e uma aprovação não pode anulá-lo.',
  },
  pipeline_invalid: {
    en: 'Some reports of this pipeline are not available in its country.',
    es: 'Algunos informes de este flujo no están disponibles en su país.',
    pt: 'Alguns relatórios deste fluxo não estão disponíveis no país dele.',
  },
  report_running: {
    en: 'This report is already running; wait for it to finish.',
    es: 'Este informe ya se está ejecutando; espere a que termine.',
    pt: 'Este relatório já está em execução; aguarde até que termine.',
  },
  /** A free-plan owner out of credits; nothing is created. */
  insufficient_credits: {
    en: 'Not enough credits (needed: {needed}, available: {available}). Upgrade your plan, or wait for the monthly refill.',
    es: 'No hay créditos suficientes (necesarios: {needed}; disponibles: {available}). Mejore su plan o espere la recarga mensual.',
    pt: 'Créditos insuficientes (necessários: {needed}; disponíveis: {available}). Faça upgrade do seu plano ou aguarde a recarga mensal.',
  },
  report_type_locked: {
    en: 'Your plan does not include these reports: {types}. Upgrade your plan to run them.',
    es: 'Su plan no incluye estos informes: {types}. Mejore su plan para ejecutarlos.',
    pt: 'Seu plano não inclui estes relatórios: {types}. Faça upgrade do seu plano para executá-los.',
  },
  /** SPEC §8: a report whose source kept failing until the worker gave up. */
  max_retries_exceeded: {
    en: 'Max retries exceeded: unable to retrieve data for the report, the source might be temporarily unavailable; try later or contact support.',
    es: 'Se superó el número máximo de reintentos: no fue posible obtener los datos del informe, es posible que la fuente no esté disponible temporalmente; inténtelo más tarde o contacte a soporte.',
    pt: 'Número máximo de tentativas excedido: não foi possível obter os dados do relatório, a fonte pode estar temporariamente indisponível; tente mais tarde ou entre em contato com o suporte.',
  },
  /** SPEC §8, CSV batch upload; `issues` carry the reason and the line. */
  csv_unprocessable: {
    en: 'CSV file could not be processed.',
    es: 'No se pudo procesar el archivo CSV.',
    pt: 'Não foi possível processar o arquivo CSV.',
  },
  csv_row_limit: {
    en: 'You can process up to {limit} rows per CSV file.',
    es: 'Puede procesar hasta {limit} filas por archivo CSV.',
    pt: 'Você pode processar até {limit} linhas por arquivo CSV.',
  },
  csv_missing_fields: { en: 'Missing fields.', es: 'Faltan campos.', pt: 'Faltam campos.' },
  csv_job_not_startable: {
    en: 'This import has already started.',
    es: 'Esta importación ya comenzó.',
    pt: 'Esta importação já começou.',
  },
  /** SPEC §8 "Owner could not be added or updated", with the reason. */
  owner_code_taken: {
    en: 'Owner could not be added or updated: the code name {codeName} is already taken.',
    es: 'No se pudo agregar o actualizar el cliente: el código {codeName} ya está en uso.',
    pt: 'Não foi possível adicionar ou atualizar o cliente: o código {codeName} já está em uso.',
  },
  owner_support_only: {
    en: 'Owner could not be added or updated: only support staff can change the plan, credits and support fields.',
    es: 'No se pudo agregar o actualizar el cliente: solo el equipo de soporte puede cambiar el plan, los créditos y los campos de soporte.',
    pt: 'Não foi possível adicionar ou atualizar o cliente: somente a equipe de suporte pode alterar o plano, os créditos e os campos de suporte.',
  },
  owner_has_data: {
    en: 'The owner still has data (persons: {persons}, users: {users}). Delete it first, or purge it explicitly with the owner.',
    es: 'El cliente todavía tiene datos (personas: {persons}, usuarios: {users}). Elimínelos primero o purgue todo explícitamente junto con el cliente.',
    pt: 'O cliente ainda tem dados (pessoas: {persons}, usuários: {users}). Exclua-os primeiro ou remova tudo explicitamente junto com o cliente.',
  },
  role_not_grantable: {
    en: 'You cannot grant a role above your own, nor change a user whose role is above yours.',
    es: 'No puede otorgar un rol superior al suyo ni modificar a un usuario con un rol superior al suyo.',
    pt: 'Você não pode conceder uma função superior à sua nem alterar um usuário com função superior à sua.',
  },
  user_roles_invalid: {
    en: 'Admin and support are roles for platform staff without a client account; every other role needs one.',
    es: 'Administrador y soporte son roles del personal de la plataforma, sin cuenta de cliente; todos los demás roles necesitan una.',
    pt: 'Administrador e suporte são funções da equipe da plataforma, sem conta de cliente; todas as outras funções precisam de uma.',
  },
  user_self_change: {
    en: 'You cannot deactivate, delete or change the roles of your own account.',
    es: 'No puede desactivar, eliminar ni cambiar los roles de su propia cuenta.',
    pt: 'Você não pode desativar, excluir nem alterar as funções da sua própria conta.',
  },
  api_key_mode_owner: {
    en: 'This user works with the owner’s API key; set their API key to their own first.',
    es: 'Este usuario trabaja con la clave API del cliente; configure primero una clave propia.',
    pt: 'Este usuário trabalha com a chave de API do cliente; configure primeiro uma chave própria.',
  },
  identity_not_configured: {
    en: 'No external identity service is configured.',
    es: 'No hay ningún servicio de identidad externo configurado.',
    pt: 'Nenhum serviço de identidade externo está configurado.',
  },
  identity_unavailable: {
    en: 'The external identity service did not answer as expected. Please try again later.',
    es: 'El servicio de identidad externo no respondió como se esperaba. Inténtelo más tarde.',
    pt: 'O serviço de identidade externo não respondeu como esperado. Tente novamente mais tarde.',
  },
  /** The client API's Idempotency-Key reused with a different request. */
  idempotency_key_reused: {
    en: 'This Idempotency-Key was already used with a different request.',
    es: 'Esta Idempotency-Key ya se usó con otra solicitud.',
    pt: 'Esta Idempotency-Key já foi usada com outra solicitação.',
  },
  idempotency_key_invalid: {
    en: 'The Idempotency-Key header must be 1 to 255 visible characters.',
    es: 'El encabezado Idempotency-Key debe tener entre 1 y 255 caracteres visibles.',
    pt: 'O cabeçalho Idempotency-Key deve ter de 1 a 255 caracteres visíveis.',
  },
  webhook_url_forbidden: {
    en: 'This webhook URL points to a private or local address, which is not allowed.',
    es: 'Esta URL de webhook apunta a una dirección privada o local, lo que no está permitido.',
    pt: 'Esta URL de webhook aponta para um endereço privado ou local, o que não é permitido.',
  },
  /** SPEC §8: an expired, revoked, used-up or unknown form code (one answer for all: no oracle). */
  form_invalid: {
    en: 'The form is no longer valid.',
    es: 'El formulario ya no es válido.',
    pt: 'O formulário não é mais válido.',
  },
  form_missing_inputs: { en: 'Missing fields.', es: 'Faltan campos.', pt: 'Faltam campos.' },
  consent_version_outdated: {
    en: 'The consent text has changed. Please reload the form and read it again.',
    es: 'El texto del consentimiento cambió. Vuelva a cargar el formulario y léalo de nuevo.',
    pt: 'O texto do consentimento mudou. Recarregue o formulário e leia-o novamente.',
  },
  /** The owner requires an attestation of consent for every person created outside a form. */
  consent_attestation_required: {
    en: 'This company requires confirming that the candidate consented to the background check (consentAttestation).',
    es: 'Esta empresa exige confirmar que el candidato consintió la verificación de antecedentes (consentAttestation).',
    pt: 'Esta empresa exige confirmar que o candidato consentiu com a verificação de antecedentes (consentAttestation).',
  },
  /** A signed consent document belongs to an attestation; a form carries the candidate's own consent. */
  consent_not_attested: {
    en: "This person's consent was not attested: only an attested consent takes a signed document.",
    es: 'El consentimiento de esta persona no fue declarado: solo un consentimiento declarado admite un documento firmado.',
    pt: 'O consentimento desta pessoa não foi declarado: apenas um consentimento declarado aceita um documento assinado.',
  },
  /** A candidate withdrew consent: nothing runs or is monitored for them until a new consent is recorded. */
  consent_withdrawn: {
    en: 'This person withdrew their consent: no check can be run or monitored for them until a new consent is recorded.',
    es: 'Esta persona retiró su consentimiento: no se puede ejecutar ni monitorear ninguna verificación hasta que se registre un nuevo consentimiento.',
    pt: 'Esta pessoa retirou o consentimento: nenhuma verificação pode ser executada ou monitorada até que um novo consentimento seja registrado.',
  },
  /** A correction request has one answer. */
  privacy_request_resolved: {
    en: 'This request has already been resolved.',
    es: 'Esta solicitud ya fue resuelta.',
    pt: 'Esta solicitação já foi resolvida.',
  },
  /** A copy of the candidate's data is downloadable for a day after it is prepared. */
  privacy_export_unavailable: {
    en: 'This copy is not available: it is still being prepared, or its link has expired. Ask for a new one.',
    es: 'Esta copia no está disponible: aún se está preparando o su enlace expiró. Solicite una nueva.',
    pt: 'Esta cópia não está disponível: ainda está sendo preparada ou o link expirou. Solicite uma nova.',
  },
  /** SPEC §7 uploads: the content decides the type. */
  upload_type_not_allowed: {
    en: 'This file type is not allowed. Upload a csv, gif, jpg, jpeg, png, pdf or svg file.',
    es: 'Este tipo de archivo no está permitido. Suba un archivo csv, gif, jpg, jpeg, png, pdf o svg.',
    pt: 'Este tipo de arquivo não é permitido. Envie um arquivo csv, gif, jpg, jpeg, png, pdf ou svg.',
  },
  upload_too_large: {
    en: 'The file is too large (at most {limit}).',
    es: 'El archivo es demasiado grande (como máximo {limit}).',
    pt: 'O arquivo é grande demais (no máximo {limit}).',
  },
  upload_invalid: {
    en: 'Send one file as multipart/form-data.',
    es: 'Envíe un archivo como multipart/form-data.',
    pt: 'Envie um arquivo como multipart/form-data.',
  },
  upload_unavailable: {
    en: 'The file could not be stored. Please try again later.',
    es: 'No se pudo guardar el archivo. Inténtelo más tarde.',
    pt: 'Não foi possível salvar o arquivo. Tente novamente mais tarde.',
  },
  internal: { en: 'Error', es: 'Error', pt: 'Erro' },
  watchlist_alert_reviewed: {
    en: 'This alert has already been reviewed.',
    es: 'Esta alerta ya fue revisada.',
    pt: 'Este alerta já foi revisado.',
  },
  watchlist_ruling_reason: {
    en: 'Say why this match is a homonym.',
    es: 'Indica por qué esta coincidencia es un homónimo.',
    pt: 'Diga por que esta correspondência é um homônimo.',
  },
  watchlist_ruling_change_reason: {
    en: 'Say why the ruling on this match changes.',
    es: 'Indique por qué cambia la decisión sobre esta coincidencia.',
    pt: 'Diga por que a decisão sobre esta correspondência muda.',
  },
  watchlist_ruling_document: {
    en: 'A match on the document cannot be ruled a homonym.',
    es: 'Una coincidencia por documento no puede marcarse como homónimo.',
    pt: 'Uma correspondência pelo documento não pode ser marcada como homônimo.',
  },
  inbox_assignee: {
    en: 'Items can only be assigned to a reviewer of the same client.',
    es: 'Solo se pueden asignar elementos a un revisor del mismo cliente.',
    pt: 'Os itens só podem ser atribuídos a um revisor do mesmo cliente.',
  },
  inbox_item_closed: {
    en: 'This item is no longer waiting for review.',
    es: 'Este elemento ya no está pendiente de revisión.',
    pt: 'Este item não está mais aguardando revisão.',
  },
  watchlist_match_not_found: {
    en: "This match is no longer on the person's report.",
    es: 'Esta coincidencia ya no está en el informe de la persona.',
    pt: 'Esta correspondência não está mais no relatório da pessoa.',
  },
  watchlist_file_format: {
    en: "The file is not in this list's format.",
    es: 'El archivo no tiene el formato de esta lista.',
    pt: 'O arquivo não está no formato desta lista.',
  },
  watchlist_file_empty: {
    en: 'The file holds no list entries.',
    es: 'El archivo no contiene entradas de la lista.',
    pt: 'O arquivo não contém entradas da lista.',
  },
  watchlist_file_truncated: {
    en: 'The file ends before the list does: it looks cut short.',
    es: 'El archivo termina antes que la lista: parece incompleto.',
    pt: 'O arquivo termina antes da lista: parece estar incompleto.',
  },
  watchlist_file_shrank: {
    en: 'The file holds far fewer entries than the current list, so it was not loaded.',
    es: 'El archivo contiene muchas menos entradas que la lista actual, por eso no se cargó.',
    pt: 'O arquivo contém muito menos entradas que a lista atual, por isso não foi carregado.',
  },
  watchlist_file_older: {
    en: 'The file is older than the current version of the list, so it was not loaded.',
    es: 'El archivo es más antiguo que la versión actual de la lista, por eso no se cargó.',
    pt: 'O arquivo é mais antigo que a versão atual da lista, por isso não foi carregado.',
  },
  watchlist_download_failed: {
    en: 'The list could not be downloaded from its publisher.',
    es: 'No se pudo descargar la lista de su publicador.',
    pt: 'Não foi possível baixar a lista do seu publicador.',
  },
  identity_empty_image: {
    en: 'The picture is empty.',
    es: 'La imagen está vacía.',
    pt: 'A imagem está vazia.',
  },
  identity_not_an_image: {
    en: 'The file is not a picture.',
    es: 'El archivo no es una imagen.',
    pt: 'O arquivo não é uma imagem.',
  },
  identity_unsupported_format: {
    en: 'Send a photo (JPEG, PNG, WebP or HEIC), not a PDF or another kind of file.',
    es: 'Envíe una foto (JPEG, PNG, WebP o HEIC), no un PDF ni otro tipo de archivo.',
    pt: 'Envie uma foto (JPEG, PNG, WebP ou HEIC), não um PDF nem outro tipo de arquivo.',
  },
  identity_image_too_large: {
    en: 'The picture has too many pixels: send a normal phone photo.',
    es: 'La imagen tiene demasiados píxeles: envíe una foto normal del teléfono.',
    pt: 'A imagem tem pixels demais: envie uma foto normal do celular.',
  },
  identity_image_too_small: {
    en: 'The picture is too small to read: send a larger photo.',
    es: 'La imagen es muy pequeña para leerla: envíe una foto más grande.',
    pt: 'A imagem é pequena demais para ler: envie uma foto maior.',
  },
  identity_picture_retake: {
    en: 'The picture needs to be taken again.',
    es: 'Hay que tomar la foto de nuevo.',
    pt: 'É preciso tirar a foto de novo.',
  },
  identity_engine_busy: {
    en: 'We could not check the picture just now; try again.',
    es: 'No pudimos revisar la foto en este momento; inténtelo de nuevo.',
    pt: 'Não conseguimos verificar a foto agora; tente novamente.',
  },
  identity_consent_required: {
    en: 'The consent to the face comparison is missing or outdated.',
    es: 'Falta el consentimiento para la comparación facial o está desactualizado.',
    pt: 'O consentimento para a comparação facial está ausente ou desatualizado.',
  },
  identity_pictures_missing: {
    en: 'The document’s front and a selfie are needed.',
    es: 'Se necesitan el frente del documento y una selfie.',
    pt: 'São necessários a frente do documento e uma selfie.',
  },
  identity_not_waiting: {
    en: 'Your identity pictures are not needed now.',
    es: 'Sus fotos de identidad no se necesitan ahora.',
    pt: 'Suas fotos de identidade não são necessárias agora.',
  },
  identity_not_in_review: {
    en: 'This identity check is not waiting for a review.',
    es: 'Esta verificación de identidad no está pendiente de revisión.',
    pt: 'Esta verificação de identidade não está aguardando revisão.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function errorMessage(code: ErrorCode, locale: Locale, params: Record<string, string> = {}): string {
  const template: string = ERROR_MESSAGES[code][locale];
  return template.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? `{${key}}`);
}

export const ZApiError = z.object({
  code: z.string(),
  message: z.string(),
  issues: z
    .array(
      z.object({
        path: z.string(),
        code: z.string(),
        message: z.string().describe("The problem in the caller's language (Accept-Language)"),
        key: z
          .string()
          .optional()
          .describe("The message's key, for a client that words it itself (with `params`, and `path` as the field)"),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }),
    )
    .optional()
    .describe('Per-field problems for validation errors'),
  http_code: z.number().int().optional().describe('The HTTP status again, on answers to API-key callers'),
});
export type TApiError = z.infer<typeof ZApiError>;
