import type { EmploymentClaim, SolSummaryField } from './schemas.ts';
import { SOL_CONVERSATION_TIMINGS } from './conversation-timings.ts';

/**
 * The sandbox's reference calls: what is said, in order. `scripts/generate-sol-media.ts`
 * speaks each line with espeak-ng into `apps/server/assets/sol/<id>.ogg` (and the demo copies under
 * `apps/web/public/media/sol/`) and writes each line's start/end into `conversation-timings.ts`, so
 * evidence links seek to the right second. The web's example report and demo call use them too.
 */
export type SandboxConversation = {
  id: string;
  language: 'en' | 'es';
  lines: { speaker: 'sol' | 'reference'; text: string }[];
  summary: Record<SolSummaryField, string>;
  /** Line each summary field comes from. */
  evidence: Record<SolSummaryField, number>;
  stated: EmploymentClaim;
};

export const SANDBOX_CONVERSATIONS: readonly SandboxConversation[] = [
  {
    id: 'es-1',
    language: 'es',
    lines: [
      {
        speaker: 'sol',
        text: 'Buenos días, le habla Sol, asistente de verificación de referencias. ¿Hablo con Carolina Méndez?',
      },
      { speaker: 'reference', text: 'Sí, con ella habla.' },
      { speaker: 'sol', text: '¿En qué empresa trabajaron juntos y qué cargo tenía el candidato?' },
      { speaker: 'reference', text: 'En Logística Andina. Era auxiliar de bodega y yo era su jefa directa.' },
      { speaker: 'sol', text: '¿Entre qué fechas trabajó con ustedes?' },
      { speaker: 'reference', text: 'Desde marzo de dos mil veintiuno hasta junio de dos mil veinticuatro.' },
      { speaker: 'sol', text: '¿Qué destacaría de su desempeño y de su trato con los demás?' },
      { speaker: 'reference', text: 'Muy puntual y comprometido. Trabaja bien en equipo y trata a todos con respeto.' },
      { speaker: 'sol', text: '¿En qué podría mejorar, y por qué se fue?' },
      { speaker: 'reference', text: 'Podría delegar más. Se fue porque buscaba crecer profesionalmente.' },
      { speaker: 'sol', text: '¿Lo volvería a contratar?' },
      { speaker: 'reference', text: 'Sí, sin dudarlo. Fue un excelente trabajador.' },
    ],
    summary: {
      evaluation: 'Muy positiva',
      companyAndPosition: 'Logística Andina: auxiliar de bodega',
      employmentDates: '03/2021 – 06/2024',
      strengths: 'Puntual y comprometido',
      interpersonalSkills: 'Trabaja bien en equipo y trata a todos con respeto',
      improvementAreas: 'Delegar más',
      reasonForLeaving: 'Buscaba crecimiento profesional',
      rehire: 'Sí, sin dudarlo',
      overallTone: 'Cordial y seguro',
    },
    evidence: {
      evaluation: 11,
      companyAndPosition: 3,
      employmentDates: 5,
      strengths: 7,
      interpersonalSkills: 7,
      improvementAreas: 9,
      reasonForLeaving: 9,
      rehire: 11,
      overallTone: 11,
    },
    stated: { company: 'Logística Andina', position: 'auxiliar de bodega', start: '2021-03', end: '2024-06' },
  },
  {
    id: 'es-2',
    language: 'es',
    lines: [
      {
        speaker: 'sol',
        text: 'Buenas tardes, le habla Sol. Llamo para verificar una referencia laboral. ¿Tiene unos minutos?',
      },
      { speaker: 'reference', text: 'Claro, dígame.' },
      { speaker: 'sol', text: '¿Dónde trabajaron juntos y en qué cargo?' },
      { speaker: 'reference', text: 'En Distribuidora del Valle. Fue analista contable en mi equipo.' },
      { speaker: 'sol', text: '¿Recuerda las fechas?' },
      { speaker: 'reference', text: 'Entró en enero de dos mil diecinueve y salió en febrero de dos mil veintiuno.' },
      { speaker: 'sol', text: '¿Cuáles eran sus fortalezas y cómo se relacionaba con el equipo?' },
      { speaker: 'reference', text: 'Muy ordenada con los cierres contables. Se comunicaba con claridad con todos.' },
      { speaker: 'sol', text: '¿Algo por mejorar? ¿Por qué terminó la relación?' },
      { speaker: 'reference', text: 'La organización del tiempo en temporada alta. Terminó su contrato por obra.' },
      { speaker: 'sol', text: '¿La volvería a contratar?' },
      { speaker: 'reference', text: 'Sí, si hubiera una vacante, claro que sí.' },
    ],
    summary: {
      evaluation: 'Positiva',
      companyAndPosition: 'Distribuidora del Valle: analista contable',
      employmentDates: '01/2019 – 02/2021',
      strengths: 'Ordenada con los cierres contables',
      interpersonalSkills: 'Se comunica con claridad con todos',
      improvementAreas: 'Organizar el tiempo en temporada alta',
      reasonForLeaving: 'Terminó el contrato por obra',
      rehire: 'Sí, si hubiera una vacante',
      overallTone: 'Profesional y preciso',
    },
    evidence: {
      evaluation: 11,
      companyAndPosition: 3,
      employmentDates: 5,
      strengths: 7,
      interpersonalSkills: 7,
      improvementAreas: 9,
      reasonForLeaving: 9,
      rehire: 11,
      overallTone: 7,
    },
    stated: { company: 'Distribuidora del Valle', position: 'analista contable', start: '2019-01', end: '2021-02' },
  },
  {
    id: 'en-1',
    language: 'en',
    lines: [
      {
        speaker: 'sol',
        text: 'Good morning, this is Sol, a reference check assistant. Am I speaking with Karen Miller?',
      },
      { speaker: 'reference', text: 'Yes, speaking.' },
      { speaker: 'sol', text: 'Where did you work together, and what was the candidate’s position?' },
      {
        speaker: 'reference',
        text: 'At Northwind Logistics. He was a warehouse assistant, and I was his direct manager.',
      },
      { speaker: 'sol', text: 'Between which dates did he work there?' },
      { speaker: 'reference', text: 'From March twenty twenty one until June twenty twenty four.' },
      { speaker: 'sol', text: 'What were his strengths, and how did he get along with others?' },
      { speaker: 'reference', text: 'Very punctual and committed. A great team player, respectful with everyone.' },
      { speaker: 'sol', text: 'What could he improve, and why did he leave?' },
      { speaker: 'reference', text: 'He could delegate more. He left to grow professionally.' },
      { speaker: 'sol', text: 'Would you hire him again?' },
      { speaker: 'reference', text: 'Yes, without hesitation. He was an excellent worker.' },
    ],
    summary: {
      evaluation: 'Very positive',
      companyAndPosition: 'Northwind Logistics: warehouse assistant',
      employmentDates: '03/2021 – 06/2024',
      strengths: 'Punctual and committed',
      interpersonalSkills: 'Great team player, respectful with everyone',
      improvementAreas: 'Delegating more',
      reasonForLeaving: 'Professional growth',
      rehire: 'Yes, without hesitation',
      overallTone: 'Warm and confident',
    },
    evidence: {
      evaluation: 11,
      companyAndPosition: 3,
      employmentDates: 5,
      strengths: 7,
      interpersonalSkills: 7,
      improvementAreas: 9,
      reasonForLeaving: 9,
      rehire: 11,
      overallTone: 11,
    },
    stated: { company: 'Northwind Logistics', position: 'warehouse assistant', start: '2021-03', end: '2024-06' },
  },
  {
    id: 'en-2',
    language: 'en',
    lines: [
      {
        speaker: 'sol',
        text: 'Good afternoon, this is Sol. I am calling to verify an employment reference. Do you have a few minutes?',
      },
      { speaker: 'reference', text: 'Sure, go ahead.' },
      { speaker: 'sol', text: 'Where did you work together, and in what role?' },
      { speaker: 'reference', text: 'At Contoso Retail. She was a customer service agent on my team.' },
      { speaker: 'sol', text: 'Do you remember the dates?' },
      { speaker: 'reference', text: 'She joined in January twenty nineteen and left in February twenty twenty one.' },
      { speaker: 'sol', text: 'What were her strengths, and how did she work with the team?' },
      { speaker: 'reference', text: 'Excellent with customers. She communicated clearly with everyone.' },
      { speaker: 'sol', text: 'Anything to improve? Why did she leave?' },
      { speaker: 'reference', text: 'Time management in the busy season. Her fixed term contract ended.' },
      { speaker: 'sol', text: 'Would you hire her again?' },
      { speaker: 'reference', text: 'Yes, if we had an opening, absolutely.' },
    ],
    summary: {
      evaluation: 'Positive',
      companyAndPosition: 'Contoso Retail: customer service agent',
      employmentDates: '01/2019 – 02/2021',
      strengths: 'Excellent with customers',
      interpersonalSkills: 'Communicates clearly with everyone',
      improvementAreas: 'Time management in the busy season',
      reasonForLeaving: 'Fixed-term contract ended',
      rehire: 'Yes, if there were an opening',
      overallTone: 'Professional and precise',
    },
    evidence: {
      evaluation: 11,
      companyAndPosition: 3,
      employmentDates: 5,
      strengths: 7,
      interpersonalSkills: 7,
      improvementAreas: 9,
      reasonForLeaving: 9,
      rehire: 11,
      overallTone: 7,
    },
    stated: { company: 'Contoso Retail', position: 'customer service agent', start: '2019-01', end: '2021-02' },
  },
];

/** A conversation's lines with their times in the recording (seconds). */
export function conversationSegments(conversation: SandboxConversation) {
  const timings = SOL_CONVERSATION_TIMINGS[conversation.id];
  let clock = 0;
  return conversation.lines.map((line, i) => {
    const timing = timings?.lines[i];
    // Without generated timings (never in a checkout): about 14 characters a second.
    const start = timing?.start ?? clock;
    const end = timing?.end ?? start + Math.max(1, line.text.length / 14);
    clock = end + 0.4;
    return { speaker: line.speaker, start, end, text: line.text };
  });
}

export function conversationDuration(conversation: SandboxConversation): number {
  const timing = SOL_CONVERSATION_TIMINGS[conversation.id];
  if (timing) return timing.duration;
  const segments = conversationSegments(conversation);
  return Math.ceil(segments.at(-1)?.end ?? 0);
}

export const sandboxConversation = (id: string) => SANDBOX_CONVERSATIONS.find((c) => c.id === id);
