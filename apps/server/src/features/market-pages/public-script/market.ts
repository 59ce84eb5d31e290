/// <reference lib="dom" />
/**
 * The end customer's pages script (no framework; built by esbuild into dist/public, budget 30 KB
 * gzip). The server renders each page's frame (market-html.ts) with a JSON block `#market-data`;
 * this script signs the person in with the identity number and the one-time code, keeps the
 * end-customer token in sessionStorage, and fills the product list, the code form and the
 * transactions with the person's data. Writes send an Idempotency-Key (one per attempt, reused on
 * a network retry). Every refusal shows its catalogue message on its field, else in the page's
 * message area.
 */
import {
  type ErrorDetail,
  formatPoints,
  marketplaceOf,
  newKey,
  normaliseCode,
  otpIssue,
  pageAfterSignIn,
  pathsOf,
  placeErrors,
  readStoredSession,
  type StoredSession,
  sessionKey,
  signedPoints,
  signInIdentity,
} from './market-model.ts';

type PageData = {
  page:
    | 'marketplace-authentication'
    | 'transactions-authentication'
    | 'marketplace'
    | 'marketplace-code'
    | 'transactions';
  tenant: string;
  campaign: string;
  marketplaceId: string | null;
  personId: string | null;
  /** The campaign country's time zone: times are shown in it, whatever the phone's zone. */
  timeZone: string;
  messages: Record<string, string>;
};

type ApiErrorBody = { code?: string; message?: string; details?: ErrorDetail[] };
type Answer<T> = { ok: true; body: T } | { ok: false; status: number; error: ApiErrorBody };

type Shop = { centreId: string; name: string; address: string | null; stock: number };
type Product = {
  id: string;
  name: string;
  description: string | null;
  kind: 'physical' | 'digital';
  redeemWith: 'points' | 'code';
  pricePoints: number | null;
  images: string[];
  stock: number;
  shops: Shop[];
};
type Storefront = {
  marketplace: { id: string; name: string; open: boolean };
  person: { name: string | null } | null;
  balance: number | null;
  products: Product[];
};
type Delivery =
  | { kind: 'product_code'; productCode: string }
  | {
      kind: 'pickup';
      voucherCode: string;
      shop: { code: string; name: string; address: string | null; hours: string | null };
    };
type Order = {
  id: string;
  productName: string;
  paidWith: 'points' | 'code';
  points: number;
  delivery: Delivery;
};
type Transaction = {
  at: string;
  kind: string;
  amount: number;
  balanceAfter: number | null;
  description: string;
  order: Order | null;
};

const dataElement = document.getElementById('market-data');
const data = dataElement ? (JSON.parse(dataElement.textContent ?? '{}') as PageData) : null;

function message(code: string): string {
  return data?.messages[code] ?? data?.messages.INTERNAL_ERROR ?? 'Algo salio mal.';
}

/** Creates an element with attributes and children (text nodes for strings: never HTML). */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Array<Node | string | null>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

function say(area: Element | null, text: string | null, kind: 'ok' | 'error' = 'error'): void {
  if (!(area instanceof HTMLElement)) return;
  area.textContent = text ?? '';
  area.dataset.kind = kind;
  area.hidden = !text;
}

function showFieldError(control: HTMLElement, text: string | null): void {
  const id = `${control.id}-error`;
  let note = document.getElementById(id);
  if (!text) {
    note?.remove();
    control.removeAttribute('aria-invalid');
    control.removeAttribute('aria-describedby');
    return;
  }
  if (!note) {
    note = el('span', { id, class: 'mk-error' });
    control.insertAdjacentElement('afterend', note);
  }
  note.textContent = text;
  control.setAttribute('aria-invalid', 'true');
  control.setAttribute('aria-describedby', id);
}

function clearErrors(form: HTMLElement): void {
  for (const control of Array.from(form.querySelectorAll<HTMLElement>('[aria-invalid]')))
    showFieldError(control, null);
}

/** One call to the API; a network failure is retried twice with the same body and key. */
async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string; key?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'es' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.key) headers['Idempotency-Key'] = options.key;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? null : JSON.stringify(options.body),
        credentials: 'omit',
      });
      const text = await response.text();
      const parsed = text ? (JSON.parse(text) as unknown) : null;
      if (response.ok) return { ok: true, body: parsed as T };
      const error = (parsed as { error?: ApiErrorBody } | null)?.error ?? {};
      if (response.status === 401) expired();
      return { ok: false, status: response.status, error };
    } catch {
      if (attempt >= 2) return { ok: false, status: 0, error: { message: message('INTERNAL_ERROR') } };
      await new Promise((resolve) => setTimeout(resolve, 600 * (attempt + 1)));
    }
  }
}

const paths = data ? pathsOf(data.tenant, data.campaign) : null;
const storeKey = data ? sessionKey(data.tenant, data.campaign) : '';
const api = data ? `/api/public/${encodeURIComponent(data.tenant)}` : '';

function storedSession(): StoredSession | null {
  try {
    return readStoredSession(sessionStorage.getItem(storeKey), Date.now());
  } catch {
    return null;
  }
}

function authPath(): string {
  if (!data || !paths) return '/';
  return data.page === 'transactions' ? paths.transactionsAuth : paths.marketplaceAuth(data.marketplaceId);
}

/** The token expired or was refused: forget it and sign in again. */
function expired(): void {
  try {
    sessionStorage.removeItem(storeKey);
  } catch {
    // storage unavailable: nothing kept
  }
  if (data && !data.page.endsWith('-authentication')) location.replace(authPath());
}

/** The page's submit buttons come disabled until their form is wired (a tap before that would be a plain GET). */
function enableSubmit(form: HTMLFormElement): void {
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  if (button) button.disabled = false;
}

function busy(button: HTMLButtonElement | null, isBusy: boolean): void {
  if (!button) return;
  button.disabled = isBusy;
  button.setAttribute('aria-busy', String(isBusy));
}

// --- sign-in ---------------------------------------------------------------------------------

function bindAuth(page: PageData, purpose: 'marketplace' | 'transactions'): void {
  const identity = document.querySelector<HTMLFormElement>('form[data-step=identity]');
  const codeForm = document.querySelector<HTMLFormElement>('form[data-step=code]');
  const area = document.querySelector('.mk-message');
  const cedulaInput = document.getElementById('cedula') as HTMLInputElement | null;
  const codeInput = document.getElementById('code') as HTMLInputElement | null;
  if (!identity || !codeForm || !cedulaInput || !codeInput || !paths) return;
  const family = purpose === 'marketplace' ? 'marketplace-authentication' : 'transactions-authentication';
  const url = `${api}/${family}/${encodeURIComponent(page.campaign)}`;
  const wanted = new URLSearchParams(location.search).get('m');
  let cedula = '';

  const place = (error: ApiErrorBody, fields: Record<string, HTMLElement>) => {
    const placed = placeErrors(error, Object.keys(fields), message('INTERNAL_ERROR'));
    for (const [field, text] of Object.entries(placed.byField))
      showFieldError(fields[field] as HTMLElement, text);
    say(area, placed.general);
    const first = Object.keys(placed.byField)[0];
    if (first) fields[first]?.focus();
  };

  identity.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(identity);
    say(area, null);
    const typed = signInIdentity(cedulaInput.value);
    if ('issue' in typed) {
      showFieldError(cedulaInput, message(typed.issue));
      cedulaInput.focus();
      return;
    }
    cedula = typed.cedula;
    const button = identity.querySelector('button');
    busy(button, true);
    const answer = await call<{ expiresAt: string }>('POST', url, { body: { cedula } });
    busy(button, false);
    if (!answer.ok) {
      place(answer.error, { cedula: cedulaInput });
      return;
    }
    const sentTo = codeForm.querySelector('[data-sent-to]');
    if (sentTo)
      sentTo.textContent =
        'Si este número está registrado, enviamos un código de 6 dígitos al correo registrado. Vence en 10 minutos.';
    identity.hidden = true;
    codeForm.hidden = false;
    codeInput.value = '';
    codeInput.focus();
  });

  codeForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(codeForm);
    say(area, null);
    const code = codeInput.value.replace(/\s/g, '');
    const issue = otpIssue(code);
    if (issue) {
      showFieldError(codeInput, message(issue));
      codeInput.focus();
      return;
    }
    const button = codeForm.querySelector<HTMLButtonElement>('button[type=submit]');
    busy(button, true);
    const answer = await call<StoredSession>('POST', `${url}/verify`, { body: { cedula, code } });
    busy(button, false);
    if (!answer.ok) {
      place(answer.error, { code: codeInput, cedula: codeInput });
      return;
    }
    const session: StoredSession = {
      token: answer.body.token,
      expiresAt: answer.body.expiresAt,
      person: answer.body.person,
      marketplaces: answer.body.marketplaces,
    };
    try {
      sessionStorage.setItem(storeKey, JSON.stringify(session));
    } catch {
      // private mode without storage: the next page asks again
    }
    const next = pageAfterSignIn(purpose, session, paths, wanted);
    if (next) location.assign(next);
    else say(area, 'No hay tiendas abiertas en esta promoción por ahora.');
  });

  codeForm.querySelector('[data-action=restart]')?.addEventListener('click', () => {
    codeForm.hidden = true;
    identity.hidden = false;
    say(area, null);
    cedulaInput.focus();
  });
  enableSubmit(identity);
}

// --- what every signed-in page shares -------------------------------------------------------

function setBalance(value: number | null): void {
  for (const node of Array.from(document.querySelectorAll('[data-balance]')))
    node.textContent = value === null ? '…' : formatPoints(value);
}

function bindNav(session: StoredSession, page: PageData): void {
  if (!paths) return;
  const marketplaceId = marketplaceOf(session, page.marketplaceId);
  const links: Record<string, string | null> = {
    marketplace: marketplaceId ? paths.marketplace(marketplaceId) : null,
    code: marketplaceId ? paths.code(marketplaceId) : null,
    transactions: paths.transactions(session.person.id),
  };
  for (const link of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[data-link]'))) {
    const href = links[link.dataset.link ?? ''];
    if (href) {
      link.href = href;
      link.hidden = false;
    }
  }
  document.querySelector('[data-action=sign-out]')?.addEventListener('click', () => {
    try {
      sessionStorage.removeItem(storeKey);
    } catch {
      // nothing kept
    }
    location.assign(
      page.page === 'transactions' ? paths.transactionsAuth : paths.marketplaceAuth(page.marketplaceId),
    );
  });
}

/** What the person receives: a product code, or the pickup voucher with its shop. */
function deliveryNode(order: Order): HTMLElement {
  const delivery = order.delivery;
  if (delivery.kind === 'product_code')
    return el(
      'div',
      { class: 'mk-order' },
      el('p', {}, `Su código de ${order.productName}:`),
      el('p', { class: 'mk-code', 'data-product-code': '' }, delivery.productCode),
    );
  const shop = delivery.shop;
  return el(
    'div',
    { class: 'mk-order' },
    el('p', {}, `Retire ${order.productName} en ${shop.name} (${shop.code}) presentando este código:`),
    el('p', { class: 'mk-code', 'data-voucher-code': '' }, delivery.voucherCode),
    shop.address ? el('p', { class: 'mk-muted' }, `Dirección: ${shop.address}`) : null,
    shop.hours ? el('p', { class: 'mk-muted' }, `Horario: ${shop.hours}`) : null,
  );
}

function showResult(title: string, ...content: Node[]): void {
  const section = document.querySelector<HTMLElement>('[data-result]');
  if (!section) return;
  section.replaceChildren(el('h2', { id: 'result-title' }, title), ...content);
  section.hidden = false;
  section.focus();
}

/** A new attempt starts clean: the card of an earlier success goes away. */
function clearResult(): void {
  const section = document.querySelector<HTMLElement>('[data-result]');
  if (!section) return;
  section.hidden = true;
  section.replaceChildren();
}

function orderResult(order: Order): void {
  showResult('¡Canje realizado!', deliveryNode(order));
}

// --- the product list ------------------------------------------------------------------------

function productCard(
  product: Product,
  page: PageData,
  session: StoredSession,
  balance: number | null,
  reload: () => void,
) {
  const id = product.id.slice(0, 8);
  const form = el('form', { novalidate: '', 'data-product': product.name });
  const image = product.images[0];
  const priceText =
    product.redeemWith === 'code'
      ? 'Se canjea con código'
      : `${formatPoints(product.pricePoints ?? 0)} puntos`;
  form.append(
    image ? el('img', { src: image, alt: product.name, loading: 'lazy', width: '400', height: '300' }) : '',
    el('h2', {}, product.name),
    product.description ? el('p', {}, product.description) : '',
    el('p', { class: 'mk-price' }, priceText),
    el(
      'p',
      { class: 'mk-stock' },
      product.stock > 0 ? `Disponibles: ${formatPoints(product.stock)}` : 'Agotado',
    ),
  );
  let shop: HTMLSelectElement | null = null;
  if (product.kind === 'physical') {
    shop = el(
      'select',
      { id: `shop-${id}`, name: 'centreId' },
      el('option', { value: '' }, 'Elija una tienda'),
    );
    for (const s of product.shops)
      shop.append(
        el('option', { value: s.centreId }, `${s.name}${s.address ? ` · ${s.address}` : ''} (${s.stock})`),
      );
    form.append(el('label', { for: `shop-${id}` }, 'Tienda de retiro'), shop);
  }
  let code: HTMLInputElement | null = null;
  if (product.redeemWith === 'code') {
    code = el('input', { id: `code-${id}`, name: 'code', autocomplete: 'off', maxlength: '64' });
    form.append(el('label', { for: `code-${id}` }, 'Código del producto'), code);
  }
  const button = el('button', { class: 'mk-btn', type: 'submit' }, `Canjear ${product.name}`);
  const note = el('p', { class: 'mk-error', id: `note-${id}`, role: 'alert' });
  note.hidden = true;
  const price = product.redeemWith === 'points' ? (product.pricePoints ?? 0) : 0;
  const short = balance !== null && balance < price ? price - balance : 0;
  if (product.stock <= 0 || short > 0) button.disabled = true;
  const lacking =
    short > 0 && product.stock > 0
      ? el('p', { class: 'mk-muted', 'data-lacking': '' }, `Le faltan ${formatPoints(short)} puntos.`)
      : '';
  form.append(button, lacking, note);
  let key: string | null = null;
  form.addEventListener('input', () => {
    key = null; // a changed choice is a new attempt
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(form);
    say(note, null);
    if (shop && !shop.value) {
      showFieldError(shop, message('SHOP_REQUIRED'));
      shop.focus();
      return;
    }
    if (code && !code.value.trim()) {
      showFieldError(code, message('FIELD_REQUIRED'));
      code.focus();
      return;
    }
    // points are spent only once the person says so
    if (
      price > 0 &&
      !window.confirm(
        `¿Canjear ${product.name} por ${formatPoints(price)} puntos?` +
          (balance === null ? '' : ` Su saldo quedará en ${formatPoints(balance - price)} puntos.`),
      )
    )
      return;
    clearResult();
    key ??= newKey();
    const body: Record<string, string> = { marketplaceId: page.marketplaceId ?? '', productId: product.id };
    if (shop) body.centreId = shop.value;
    if (code) body.code = normaliseCode(code.value);
    busy(button, true);
    const answer = await call<{ order: Order; balance: number }>('POST', '/api/users/reward-codes/product', {
      body,
      token: session.token,
      key,
    });
    busy(button, false);
    if (!answer.ok) {
      const fields: Record<string, HTMLElement> = {};
      if (shop) fields.centreId = shop;
      if (code) fields.code = code;
      const placed = placeErrors(answer.error, Object.keys(fields), message('INTERNAL_ERROR'));
      for (const [field, text] of Object.entries(placed.byField))
        showFieldError(fields[field] as HTMLElement, text);
      say(note, placed.general);
      if (placed.general) button.setAttribute('aria-describedby', note.id);
      // the same attempt failed for good: a new one gets a new key
      if (answer.status !== 0) key = null;
      return;
    }
    key = null;
    setBalance(answer.body.balance);
    orderResult(answer.body.order);
    reload();
  });
  return el('li', { class: 'mk-card mk-product' }, form);
}

async function bindMarketplace(page: PageData, session: StoredSession): Promise<void> {
  const list = document.querySelector<HTMLElement>('[data-products]');
  const area = document.querySelector('.mk-message');
  if (!list || !page.marketplaceId) return;
  const url = `${api}/marketplace/${encodeURIComponent(page.campaign)}/${encodeURIComponent(page.marketplaceId)}`;
  const person = document.querySelector('[data-person]');
  if (person && session.person.name) person.textContent = `Hola, ${session.person.name}.`;
  const load = async () => {
    list.setAttribute('aria-busy', 'true');
    const answer = await call<Storefront>('GET', url, { token: session.token });
    list.setAttribute('aria-busy', 'false');
    if (!answer.ok) {
      say(area, answer.error.message ?? message('INTERNAL_ERROR'));
      return;
    }
    setBalance(answer.body.balance);
    if (!answer.body.marketplace.open) say(area, 'La tienda no está abierta en este momento.');
    list.replaceChildren(
      ...answer.body.products.map((product) =>
        productCard(product, page, session, answer.body.balance, () => void load()),
      ),
    );
    if (answer.body.products.length === 0)
      list.append(el('li', { class: 'mk-card' }, 'No hay productos disponibles por ahora.'));
  };
  await load();
}

// --- a code in the marketplace ----------------------------------------------------------------

async function bindCode(page: PageData, session: StoredSession): Promise<void> {
  const form = document.querySelector<HTMLFormElement>('form[data-code-form]');
  const input = document.getElementById('redeem-code') as HTMLInputElement | null;
  const shop = document.getElementById('redeem-shop') as HTMLSelectElement | null;
  const shopField = document.querySelector<HTMLElement>('[data-shop-field]');
  const area = form?.parentElement?.querySelector('.mk-message') ?? null;
  if (!form || !input || !shop || !shopField || !page.marketplaceId) return;
  const marketplace = `${encodeURIComponent(page.campaign)}/${encodeURIComponent(page.marketplaceId)}`;
  let key: string | null = null;
  form.addEventListener('input', () => {
    key = null;
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(form);
    say(area, null);
    clearResult();
    const code = normaliseCode(input.value);
    if (!code) {
      showFieldError(input, message('FIELD_REQUIRED'));
      input.focus();
      return;
    }
    const body: Record<string, string> = { code };
    if (!shopField.hidden && shop.value) body.centreId = shop.value;
    key ??= newKey();
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
    busy(button, true);
    const answer = await call<
      { kind: 'points'; points: number; balance: number } | { kind: 'product'; order: Order; balance: number }
    >('POST', `${api}/marketplace-code/${marketplace}`, { body, token: session.token, key });
    busy(button, false);
    if (!answer.ok) {
      const fields: Record<string, HTMLElement> = { code: input, centreId: shop };
      const placed = placeErrors(answer.error, Object.keys(fields), message('INTERNAL_ERROR'));
      if (placed.byField.centreId) shopField.hidden = false;
      for (const [field, text] of Object.entries(placed.byField))
        showFieldError(fields[field] as HTMLElement, text);
      say(area, placed.general);
      const first = Object.keys(placed.byField)[0];
      if (first) (fields[first] as HTMLElement).focus();
      if (answer.status !== 0) key = null;
      return;
    }
    key = null;
    setBalance(answer.body.balance);
    input.value = '';
    shopField.hidden = true;
    if (answer.body.kind === 'points')
      showResult(
        '¡Código canjeado!',
        el(
          'p',
          { 'data-credited': '' },
          `Se sumaron ${formatPoints(answer.body.points)} puntos. Su saldo es de ${formatPoints(answer.body.balance)} puntos.`,
        ),
      );
    else orderResult(answer.body.order);
  });
  enableSubmit(form);
  const store = await call<Storefront>('GET', `${api}/marketplace/${marketplace}`, { token: session.token });
  if (store.ok) {
    setBalance(store.body.balance);
    // the shops of the physical products a code can give
    const shops = new Map<string, Shop>();
    for (const product of store.body.products)
      if (product.kind === 'physical') for (const s of product.shops) shops.set(s.centreId, s);
    shop.replaceChildren(el('option', { value: '' }, 'Elija una tienda'));
    for (const s of shops.values())
      shop.append(el('option', { value: s.centreId }, `${s.name}${s.address ? ` · ${s.address}` : ''}`));
  }
}

// --- transactions ----------------------------------------------------------------------------

function transactionItem(item: Transaction): HTMLElement {
  const when = new Date(item.at).toLocaleString('es', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: data?.timeZone || 'UTC',
  });
  const sign = item.amount > 0 ? 'plus' : item.amount < 0 ? 'minus' : 'zero';
  return el(
    'li',
    {},
    el('span', {}, item.description),
    el(
      'span',
      { class: 'mk-amount', 'data-sign': sign },
      item.amount === 0 ? '' : `${signedPoints(item.amount)} pts`,
    ),
    el(
      'span',
      { class: 'mk-muted' },
      el('time', { datetime: item.at }, when),
      item.balanceAfter === null ? null : ` · saldo ${formatPoints(item.balanceAfter)}`,
    ),
    item.order ? deliveryNode(item.order) : null,
  );
}

async function bindTransactions(page: PageData, session: StoredSession): Promise<void> {
  const list = document.querySelector<HTMLElement>('[data-transactions]');
  const more = document.querySelector<HTMLButtonElement>('[data-action=more]');
  const area = document.querySelector('.mk-message');
  if (!list || !more) return;
  const url = `${api}/transactions/${encodeURIComponent(page.campaign)}/${encodeURIComponent(session.person.id)}`;
  let pageNumber = 0;
  const load = async () => {
    pageNumber += 1;
    list.setAttribute('aria-busy', 'true');
    busy(more, true);
    const answer = await call<{ balance: number; items: Transaction[]; total: number; pageSize: number }>(
      'GET',
      `${url}?page=${pageNumber}&pageSize=20`,
      { token: session.token },
    );
    busy(more, false);
    list.setAttribute('aria-busy', 'false');
    if (!answer.ok) {
      pageNumber -= 1;
      say(area, answer.error.message ?? message('INTERNAL_ERROR'));
      return;
    }
    setBalance(answer.body.balance);
    list.append(...answer.body.items.map(transactionItem));
    if (answer.body.total === 0) list.append(el('li', {}, 'Todavía no tiene movimientos.'));
    more.hidden = pageNumber * answer.body.pageSize >= answer.body.total;
  };
  more.addEventListener('click', () => void load());
  await load();
}

// --- start -----------------------------------------------------------------------------------

function start(page: PageData): void {
  if (page.page === 'marketplace-authentication' || page.page === 'transactions-authentication') {
    bindAuth(page, page.page === 'marketplace-authentication' ? 'marketplace' : 'transactions');
    return;
  }
  const session = storedSession();
  // another person's transactions page, or no token: sign in first
  if (!session || (page.page === 'transactions' && page.personId !== session.person.id)) {
    location.replace(authPath());
    return;
  }
  bindNav(session, page);
  if (page.page === 'marketplace') void bindMarketplace(page, session);
  else if (page.page === 'marketplace-code') void bindCode(page, session);
  else void bindTransactions(page, session);
}

if (data) start(data);
