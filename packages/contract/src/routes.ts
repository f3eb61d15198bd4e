/**
 * Where each call of spec §7 lives: name, method, path, who may call it. Kept free of schema
 * code so the web app can import it without shipping zod to phones; the shapes are in
 * endpoints/, which pairs each route here with its request and response schemas.
 * Paths are the wire paths (disguised ones spelled as served, D6).
 */
export interface EndpointRoute {
  name: string;
  summary: string;
  tag: string;
  method: 'GET' | 'POST';
  path: string;
  /** 'borrower': the common session query must name a live session (D1). */
  auth: 'borrower' | 'public';
  /** 'multipart' for uploads; otherwise form-encoded (POST) or query (GET). */
  encoding?: 'form' | 'multipart';
}

export const routes = {
  contactKfInfo: {
    name: 'contactKfInfo',
    summary: 'Customer service contact: email and telephone/WhatsApp',
    tag: 'Customer service',
    method: 'POST',
    path: '/v3/personal-center/contact-kf-info',
    auth: 'borrower',
  },
} as const satisfies Record<string, EndpointRoute>;

export type RouteName = keyof typeof routes;
