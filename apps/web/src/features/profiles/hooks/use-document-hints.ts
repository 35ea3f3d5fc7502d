import { checkDocumentId, type Country, type DocumentType, type TProfileHint } from '@centinela/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { useProfileHints } from '../api/get-profile-hints.ts';

/**
 * SPEC §5's advisory hints for a document id, never blocking: the format ones are computed here at once
 * (the shared catalogue), "used in the last 2 days" comes from the server after a pause in typing.
 */
export function useDocumentHints(
  country: Country | '',
  documentType: DocumentType,
  documentId: string,
): TProfileHint[] {
  const [debounced] = useDebouncedValue(documentId.trim(), 400);
  const ready = country !== '' && country !== 'xx' && debounced.length > 0;
  const remote = useProfileHints(ready ? { country, documentType, documentId: debounced } : null);
  if (!country || !documentId.trim()) return [];
  const local = checkDocumentId(country, documentType, documentId);
  const hints: TProfileHint[] = local ? [{ field: 'documentId', ...local } as TProfileHint] : [];
  // A failed hints call only loses the "recently used" warning: it must not surface as an error.
  const recent = ready && remote.data ? remote.data.hints.filter((h) => h.hint === 'recently_used') : [];
  return [...hints, ...recent];
}
