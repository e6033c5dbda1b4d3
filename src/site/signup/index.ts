/**
 * `/signup`: the free-key form (GET) and its submission (POST, the only non-GET route, outside
 * `/v1`). The new key is shown once; only its hash is stored. Answers are never cached.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiContext } from '../../http/context.js';
import type { ApiServer } from '../../http/server-types.js';
import { TIER_LIMITS } from '../../http/access/tiers.js';
import { escapeHtml } from '../docs/escape.js';
import { renderPage } from '../pages/layout.js';
import { HTML_CONTENT_TYPE } from '../pages/page-cache.js';
import { APP_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, type SignupField } from '../../services/signup.js';
import { CSRF_FIELD, cookieToken, newToken, tokenCookie, tokensMatch } from './csrf.js';

/** A form body is two short fields and a token. */
const FORM_BODY_LIMIT = 4096;

interface FormState {
  readonly email: string;
  readonly appName: string;
  readonly error?: { readonly field: SignupField | 'form'; readonly message: string };
}

function field(
  name: string,
  label: string,
  type: string,
  value: string,
  max: number,
  state: FormState,
  hint: string,
) {
  const id = `signup-${name}`;
  const error = state.error?.field === name ? state.error.message : undefined;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `<label for="${id}">${label}
<input id="${id}" name="${name}" type="${type}" value="${escapeHtml(value)}" maxlength="${max}" required autocomplete="${name === 'email' ? 'email' : 'off'}" aria-describedby="${describedBy}"${error ? ' aria-invalid="true"' : ''}>
<span class="sub" id="${id}-hint">${hint}</span>
${error ? `<span class="error" id="${id}-error">${escapeHtml(error)}</span>` : ''}</label>`;
}

const free = TIER_LIMITS.free;
const keyless = TIER_LIMITS.keyless;

function formPage(context: ApiContext, token: string, state: FormState): string {
  const formError =
    state.error?.field === 'form'
      ? `<p class="error" role="alert">${escapeHtml(state.error.message)}</p>`
      : '';
  const fieldError =
    state.error && state.error.field !== 'form'
      ? `<p class="error" role="alert">The key was not created: ${escapeHtml(state.error.message)}</p>`
      : '';
  return renderPage({
    title: 'Get a free API key · queuecast',
    description: 'Sign up for a free queuecast API key: live theme-park waits for your app.',
    canonical: `${context.config.siteUrl}/signup`,
    attribution: context.envelopes.attribution(),
    main: `<h1>Get a free API key</h1>
<p class="lead">A free key allows ${free.per_minute} requests a minute, ${free.per_day.toLocaleString('en-US')} a day and ${free.concurrent_streams} open streams (without a key: ${keyless.per_minute} a minute and ${keyless.per_day.toLocaleString('en-US')} a day per address). It works at once.</p>
${formError}${fieldError}
<form class="signup" method="post" action="/signup" novalidate>
<input type="hidden" name="${CSRF_FIELD}" value="${escapeHtml(token)}">
${field('email', 'Email', 'email', state.email, EMAIL_MAX_LENGTH, state, 'One key per address. We do not send marketing.')}
${field('app_name', 'App or website name', 'text', state.appName, APP_NAME_MAX_LENGTH, state, 'Shown to you in listings, to tell keys apart.')}
<button class="primary" type="submit">Create my key</button>
</form>
<p class="note">The key is shown once, on the next page: only a hash of it is stored, so it cannot be shown again. Read <a href="/docs">the documentation</a> and <a href="/docs/streaming">the streaming guide</a>.</p>`,
  });
}

function keyPage(context: ApiContext, key: string, appName: string): string {
  const example = `curl -H "Authorization: Bearer ${key}" ${context.links.baseUrlPath('/v1/parks/magic-kingdom/waits')}`;
  return renderPage({
    title: 'Your API key · queuecast',
    description: 'Your new queuecast API key.',
    canonical: `${context.config.siteUrl}/signup`,
    attribution: context.envelopes.attribution(),
    main: `<h1>Your API key</h1>
<p class="lead">For ${escapeHtml(appName)}. Copy it now: it is shown only this once.</p>
<p class="key" id="api-key">${escapeHtml(key)}</p>
<p>Send it as <code>Authorization: Bearer …</code> or <code>X-Service-Key: …</code> (streams also take <code>?key=</code>). A key in a web page's code is public: anyone can read it and spend its limits.</p>
<pre class="code" tabindex="0"><code>${escapeHtml(example)}</code></pre>
<p><a href="/docs">API documentation</a> · <a href="/docs/streaming">Streaming guide</a></p>`,
  });
}

function send(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .type(HTML_CONTENT_TYPE)
    .send(html);
}

/** A fresh token in the cookie and the form, for every page that shows the form. */
function withToken(request: FastifyRequest, reply: FastifyReply): string {
  const token = newToken();
  reply.header('Set-Cookie', tokenCookie(token, request.protocol === 'https'));
  return token;
}

export function registerSignup(server: ApiServer, context: ApiContext): void {
  void server.register(async (scope) => {
    // Parsed here only: the rest of the server takes no bodies.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    scope.get('/signup', { schema: { hide: true } }, async (request, reply) =>
      send(reply, 200, formPage(context, withToken(request, reply), { email: '', appName: '' })),
    );

    scope.post('/signup', { schema: { hide: true } }, async (request, reply) => {
      const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
        string,
        unknown
      >;
      const text = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
      const state = { email: text('email'), appName: text('app_name') };
      const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
      if (crossSite || !tokensMatch(cookieToken(request.headers.cookie), form[CSRF_FIELD])) {
        const message =
          'This form expired or was not sent from this site. It has been reloaded: submit it again.';
        return send(
          reply,
          403,
          formPage(context, withToken(request, reply), { ...state, error: { field: 'form', message } }),
        );
      }
      const result = await context.services.signup.signUp({ ...state, address: request.ip });
      switch (result.kind) {
        case 'created':
          return send(reply, 201, keyPage(context, result.key, result.account.app_name));
        case 'invalid':
          return send(reply, 400, formPage(context, withToken(request, reply), { ...state, error: result }));
        case 'email_taken':
          return send(
            reply,
            409,
            formPage(context, withToken(request, reply), {
              ...state,
              error: { field: 'email', message: result.message },
            }),
          );
        case 'limited':
          reply.header('Retry-After', String(result.retryAfterSeconds));
          return send(
            reply,
            429,
            formPage(context, withToken(request, reply), {
              ...state,
              error: { field: 'form', message: result.message },
            }),
          );
      }
    });
  });
}
