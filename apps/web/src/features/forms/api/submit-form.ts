import { ZSubmitFormResponse, type TSubmitFormInput } from '@centinela/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/v1/public/forms/:code — creates the person and runs the pipeline. */
export function submitForm({ code, input }: { code: string; input: TSubmitFormInput }) {
  return apiRequest(`/api/v1/public/forms/${encodeURIComponent(code)}`, ZSubmitFormResponse, {
    method: 'POST',
    body: input,
    auth: false,
  });
}

export function useSubmitForm() {
  return useMutation({ mutationFn: submitForm });
}
