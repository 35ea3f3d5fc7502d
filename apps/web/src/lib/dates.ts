import type { Locale } from '@centinela/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';
import updateLocale from 'dayjs/plugin/updateLocale';

dayjs.extend(updateLocale);
// SPEC §9: the Spanish week starts on Monday. dayjs' 'es' already says so; stated here so it cannot drift.
dayjs.updateLocale('es', { weekStart: 1 });
// Brazil's calendars start on Sunday: dayjs' 'pt-br' says so; stated for the same reason.
dayjs.updateLocale('pt-br', { weekStart: 0 });
/** Mantine's DatesProvider settings per locale: dayjs locale and first day of the week (0 Sunday, 1 Monday). */
export const DATES_SETTINGS: Record<Locale, { locale: string; firstDayOfWeek: 0 | 1 }> = {
  en: { locale: 'en', firstDayOfWeek: 0 },
  es: { locale: 'es', firstDayOfWeek: 1 },
  pt: { locale: 'pt-br', firstDayOfWeek: 0 },
};

export { dayjs };
