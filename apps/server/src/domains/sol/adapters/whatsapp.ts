import { createHmac, timingSafeEqual } from 'node:crypto';
import { call } from './http.ts';
import type { InboundMessage, Language, MessagingAdapter } from './types.ts';

/**
 * WhatsApp Cloud API (Meta Graph API): template messages out; replies come to the webhook route
 * (`/api/v1/sol/webhooks/whatsapp`), whose signature is X-Hub-Signature-256 = HMAC-SHA256(app secret, raw body).
 */
export type WhatsAppConfig = { baseUrl: string; phoneNumberId: string; accessToken: string };

export class WhatsAppCloudMessaging implements MessagingAdapter {
  private readonly config: WhatsAppConfig;

  constructor(config: WhatsAppConfig) {
    this.config = config;
  }

  async sendTemplate(input: { to: string; template: string; language: Language; params: string[]; key: string }) {
    const response = await call(`${this.config.baseUrl.replace(/\/$/, '')}/${this.config.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.config.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: input.to.replace(/^\+/, ''),
        type: 'template',
        // Our id for this send, echoed in status webhooks (biz_opaque_callback_data).
        biz_opaque_callback_data: input.key,
        template: {
          name: input.template,
          language: { code: input.language === 'es' ? 'es' : 'en' },
          components: [{ type: 'body', parameters: input.params.map((text) => ({ type: 'text', text })) }],
        },
      }),
    });
    const body = (await response.json()) as { messages?: { id: string }[] };
    const messageId = body.messages?.[0]?.id;
    if (!messageId) throw new Error('WhatsApp answered without a message id');
    return { messageId };
  }
}

/** X-Hub-Signature-256: "sha256=" + hex HMAC-SHA256 of the raw body with the app secret. */
export function whatsappSignature(appSecret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export function verifyWhatsappSignature(
  appSecret: string,
  rawBody: string | Buffer,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(whatsappSignature(appSecret, rawBody));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

type WebhookBody = {
  entry?: {
    changes?: {
      value?: {
        messages?: {
          id?: string;
          from?: string;
          timestamp?: string;
          type?: string;
          text?: { body?: string };
          button?: { payload?: string; text?: string };
          interactive?: { button_reply?: { id?: string; title?: string } };
        }[];
      };
    }[];
  }[];
};

/** The inbound messages of a webhook delivery (status updates and other fields are ignored). */
export function inboundMessages(body: unknown): InboundMessage[] {
  const out: InboundMessage[] = [];
  for (const entry of (body as WebhookBody)?.entry ?? []) {
    for (const change of entry.changes ?? []) {
      for (const m of change.value?.messages ?? []) {
        if (!m.id || !m.from) continue;
        const button = m.button?.payload ?? m.interactive?.button_reply?.id ?? null;
        out.push({
          id: m.id,
          from: `+${m.from.replace(/[^0-9]/g, '')}`,
          text: m.text?.body ?? m.button?.text ?? null,
          button,
          at: m.timestamp ? new Date(Number(m.timestamp) * 1000) : new Date(),
        });
      }
    }
  }
  return out;
}
