import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The WhatsApp Cloud API's send endpoint on 127.0.0.1 (`POST /{version}/{phone-number-id}/messages`,
 * bearer token). It records what it was sent; `failNext(status)` makes the next send answer an error.
 */
export async function startFakeWhatsApp(opts: { token: string; phoneNumberId: string }) {
  const sent: { to: string; template: string; language: string; params: string[]; key: string | undefined }[] = [];
  let failures: number[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${opts.token}`)
        return send(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      if (req.method !== 'POST' || req.url !== `/v21.0/${opts.phoneNumberId}/messages`)
        return send(404, { error: { message: 'Unknown path', code: 100 } });
      const failure = failures.shift();
      if (failure) return send(failure, { error: { message: 'Service temporarily unavailable', code: 2 } });
      const body = JSON.parse(raw) as {
        messaging_product?: string;
        to?: string;
        type?: string;
        biz_opaque_callback_data?: string;
        template?: { name?: string; language?: { code?: string }; components?: { parameters?: { text?: string }[] }[] };
      };
      if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || !body.to || !body.template?.name) {
        return send(400, { error: { message: '(#100) Invalid parameter', code: 100 } });
      }
      sent.push({
        to: body.to,
        template: body.template.name,
        language: body.template.language?.code ?? '',
        params: (body.template.components?.[0]?.parameters ?? []).map((p) => p.text ?? ''),
        key: body.biz_opaque_callback_data,
      });
      send(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.${sent.length}` }],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    sent,
    failNext: (...statuses: number[]) => (failures = statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook delivery as Meta sends it: one text or button message from `from`. */
export function whatsappWebhookBody(from: string, message: { id: string; text?: string; button?: string }) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA_ID',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000000', phone_number_id: 'PHONE_ID' },
              contacts: [{ profile: { name: 'Candidate' }, wa_id: from.replace(/^\+/, '') }],
              messages: [
                {
                  from: from.replace(/^\+/, ''),
                  id: message.id,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  ...(message.button
                    ? { type: 'button', button: { payload: message.button, text: message.button } }
                    : { type: 'text', text: { body: message.text ?? '' } }),
                },
              ],
            },
          },
        ],
      },
    ],
  });
}
