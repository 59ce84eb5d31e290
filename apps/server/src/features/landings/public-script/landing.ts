/// <reference lib="dom" />
/**
 * The public landing page script (no framework; built by esbuild into dist/public, budget 30 KB
 * gzip). Binds every `form[data-landing-form]`: masks and normalises inputs, checks answers with
 * the same rules and Spanish messages as the server, submits them to the participation route with
 * an Idempotency-Key (one per submit attempt, reused on network retries), shows field refusals on
 * their fields (and a danger toast), and then the outcome: the reward code panel (code, copy, QR,
 * when and where to redeem) in `[data-reward-code]`, the instant-award result, the raffle entries
 * or the points balance in words, or the group's next page. Lists redemption centres in
 * `[data-map]` (drawn by the server) and, after first paint, loads the map (map.ts) into its box.
 */
import type { ParticipationOutcome } from '@promo/contract';
import {
  applyMask,
  checkAnswer,
  type Field,
  fillMessage,
  type Issue,
  localToday,
  normalise,
  type Rules,
} from './checks.ts';
import { showBalance, showReveal } from './outcome-panels.ts';
import { type Centre, outcomeMessage, type RedeemWindow } from './outcome-text.ts';
import { fillCentreList, showRewardCode } from './reward-code-panel.ts';
import { bindShareButtons } from './share.ts';
import { linkLegalTexts } from './terms.ts';
import { toast } from './toasts.ts';

type PageData = {
  tenant: string;
  campaign: string;
  landingId: string;
  group: string;
  page: number;
  nextUrl: string | null;
  participateUrl: string;
  fields: Field[];
  rules: Rules;
  messages: Record<string, string>;
  centres: Centre[];
  map: { script: string; css: string } | null;
  timeZone?: string;
  redeem?: RedeemWindow;
};

type ErrorBody = {
  error?: { code?: string; message?: string; details?: { path: string; code: string; message?: string }[] };
};

const dataElement = document.getElementById('landing-data');
const data = dataElement ? (JSON.parse(dataElement.textContent ?? '{}') as PageData) : null;
const outcomeKey = data ? `promo.landing.${data.tenant}.${data.group}` : '';

function text(code: string, params?: Record<string, string | number>): string {
  return fillMessage(data?.messages[code] ?? data?.messages.INTERNAL_ERROR, params);
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function controlOf(form: HTMLFormElement, key: string): Control | null {
  const found = form.elements.namedItem(key);
  if (found instanceof RadioNodeList) return (found[0] as Control | undefined) ?? null;
  return found instanceof HTMLInputElement ||
    found instanceof HTMLSelectElement ||
    found instanceof HTMLTextAreaElement
    ? found
    : null;
}

function showFieldError(control: Control, message: string | null): void {
  const id = `${control.id || control.name}-error`;
  // a date's lists share one message, after the lists
  const anchor =
    control.dataset.datePart && control.parentElement?.tagName === 'DIV' ? control.parentElement : control;
  let note = document.getElementById(id);
  if (!message) {
    note?.remove();
    control.removeAttribute('aria-invalid');
    return;
  }
  if (!note) {
    note = document.createElement('span');
    note.id = id;
    note.className = 'lp-field-error';
    anchor.insertAdjacentElement('afterend', note);
  }
  note.textContent = message;
  control.setAttribute('aria-invalid', 'true');
  control.setAttribute('aria-describedby', id);
}

function messageArea(form: HTMLFormElement): HTMLElement {
  let area = form.querySelector<HTMLElement>('.lp-message');
  if (!area) {
    area = document.createElement('div');
    area.className = 'lp-message';
    area.setAttribute('role', 'status');
    area.setAttribute('aria-live', 'polite');
    area.hidden = true;
    form.append(area);
  }
  return area;
}

/** The outcome, kept on the page under the form (toasts go after 4 s). */
function say(form: HTMLFormElement, message: string): void {
  const area = messageArea(form);
  area.textContent = message;
  area.hidden = false;
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** The day, month and year lists of a date field, when the page asks for it that way. */
function dateParts(form: HTMLFormElement, key: string): Record<string, HTMLSelectElement> | null {
  const parts: Record<string, HTMLSelectElement> = {};
  for (const select of Array.from(form.querySelectorAll<HTMLSelectElement>('select[data-date-part]')))
    if (select.name === key && select.dataset.datePart) parts[select.dataset.datePart] = select;
  return parts.day && parts.month && parts.year ? parts : null;
}

/** Days 1-31, the months by name, and the years from this one back 100 (newest first). */
function fillDateParts(parts: Record<string, HTMLSelectElement>): void {
  const pad = (n: number) => String(n).padStart(2, '0');
  const fill = (select: HTMLSelectElement | undefined, options: [string, string][]) => {
    if (!select || select.options.length > 1) return;
    for (const [label, value] of options) select.add(new Option(label, value));
  };
  fill(
    parts.day,
    Array.from({ length: 31 }, (_, i) => [String(i + 1), pad(i + 1)]),
  );
  fill(
    parts.month,
    MONTHS.map((name, i) => [name, pad(i + 1)]),
  );
  const year = Number(localToday().slice(0, 4));
  fill(
    parts.year,
    Array.from({ length: 101 }, (_, i) => [String(year - i), String(year - i)]),
  );
}

/** Reads one field's answer from the form (FormData: a control named `submit` cannot shadow it). */
function answerOf(form: HTMLFormElement, values: FormData, field: Field): unknown {
  if (field.type === 'multichoice') return values.getAll(field.key).map(String);
  const parts = field.type === 'date' ? dateParts(form, field.key) : null;
  if (parts) {
    const [d, m, y] = [parts.day?.value, parts.month?.value, parts.year?.value];
    if (!d && !m && !y) return '';
    return d && m && y ? `${y}-${m}-${d}` : 'incompleta';
  }
  const control = controlOf(form, field.key);
  if (field.type === 'checkbox') return control instanceof HTMLInputElement ? control.checked : undefined;
  const raw = values.get(field.key);
  if (typeof raw !== 'string') return undefined;
  if (field.type === 'number') return raw.trim() === '' ? '' : Number(raw);
  return normalise(field.type, raw, data?.rules);
}

function check(field: Field, value: unknown): Issue | null {
  return data ? checkAnswer(field, value, data.rules, localToday()) : null;
}

function showOutcome(outcome: ParticipationOutcome, form: HTMLFormElement | null): void {
  if (!data) return;
  toast('success', '¡Participación registrada!');
  if (form)
    for (const control of Array.from(form.elements))
      if (control instanceof HTMLButtonElement && control.type === 'submit') control.disabled = true;
  if (outcome.kind === 'reward_code') {
    let box = document.querySelector<HTMLElement>('[data-reward-code]');
    if (!box) {
      box = document.createElement('div');
      (form ?? document.querySelector('.lp-page'))?.insertAdjacentElement(
        form ? 'afterend' : 'beforeend',
        box,
      );
    }
    showRewardCode(box, outcome, {
      timeZone: data.timeZone,
      redeem: data.redeem,
      // a page with a map element lists the centres there already: the panel does not repeat them
      centres: document.querySelector('[data-map]') ? [] : data.centres,
      noPosition: text('GEOLOCATION_UNSUPPORTED'),
    });
    return;
  }
  const place = (panel: HTMLElement) => {
    if (form) form.insertAdjacentElement('afterend', panel);
    else
      document.querySelector('.lp-page h1')?.insertAdjacentElement('afterend', panel) ??
        document.querySelector('.lp-page')?.prepend(panel);
  };
  if (outcome.kind === 'instant_award') {
    showReveal(outcome, place);
    return;
  }
  if (outcome.kind === 'points') {
    showBalance(outcome, place);
    return;
  }
  const message = outcomeMessage(outcome);
  if (form) {
    say(form, message);
    return;
  }
  const area = document.createElement('div');
  area.className = 'lp-message';
  area.setAttribute('role', 'status');
  area.textContent = message;
  document.querySelector('.lp-page h1')?.insertAdjacentElement('afterend', area) ??
    document.querySelector('.lp-page')?.prepend(area);
}

function newKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** POSTs the answers; a network failure is retried twice with the same key (the server counts it once). */
async function post(body: unknown, key: string): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetch(data?.participateUrl ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key, 'accept-language': 'es' },
        body: JSON.stringify(body),
        credentials: 'omit',
      });
    } catch (error) {
      if (attempt >= 2) throw error;
      await wait(800 * (attempt + 1));
    }
  }
}

function bindForm(form: HTMLFormElement): void {
  if (!data) return;
  form.noValidate = true;
  for (const field of data.fields) {
    const control = controlOf(form, field.key);
    if (!control) continue;
    if (field.type === 'department' && control instanceof HTMLSelectElement && control.options.length <= 1) {
      for (const name of data.rules.departments) control.add(new Option(name, name));
    }
    if (field.type === 'phone' || field.type === 'cedula') {
      control.setAttribute('inputmode', 'numeric');
      control.setAttribute('autocomplete', field.type === 'phone' ? 'tel-national' : 'off');
    }
    if (field.key === 'email') control.setAttribute('autocomplete', 'email');
    if (field.key === 'name') control.setAttribute('autocomplete', 'name');
    const mask = control.getAttribute('data-mask');
    if (mask && control instanceof HTMLInputElement) {
      // no maxlength: it would cut a number pasted as printed ("1-0234-0567", "+506 8888 7777")
      // before the mask drops its separators; the mask itself stops at its length
      control.addEventListener('input', (event) => {
        const pasted = (event as InputEvent).inputType === 'insertFromPaste';
        const value =
          pasted && (field.type === 'phone' || field.type === 'cedula')
            ? normalise(field.type, control.value, data?.rules)
            : control.value;
        control.value = applyMask(mask, value);
      });
    }
    const recheck = () => {
      const value = answerOf(form, new FormData(form), field);
      const issue = value === '' || value === undefined ? null : check(field, value);
      showFieldError(control, issue ? text(issue.code, issue.params) : null);
    };
    const parts = field.type === 'date' ? dateParts(form, field.key) : null;
    if (parts) {
      fillDateParts(parts);
      // the message waits until the three lists are chosen (or the form is sent)
      for (const select of Object.values(parts))
        select.addEventListener('change', () => {
          if (Object.values(parts).every((s) => s.value)) recheck();
        });
      continue;
    }
    control.addEventListener('blur', recheck);
    control.addEventListener('change', recheck);
    // a message goes as soon as the value is right (new ones wait for blur): no jump under a tap
    control.addEventListener('input', () => {
      if (control.getAttribute('aria-invalid') !== 'true') return;
      const value = answerOf(form, new FormData(form), field);
      if (value !== '' && value !== undefined && !check(field, value)) showFieldError(control, null);
    });
  }

  const consent = controlOf(form, 'consent');
  if (consent instanceof HTMLInputElement && consent.type === 'checkbox') {
    consent.addEventListener('change', () =>
      showFieldError(consent, consent.checked ? null : text('CONSENT_REQUIRED')),
    );
    linkLegalTexts(consent);
  }

  let busy = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    void submit(form).finally(() => {
      busy = false;
      form.removeAttribute('aria-busy');
    });
    busy = true;
    form.setAttribute('aria-busy', 'true');
  });
}

async function submit(form: HTMLFormElement): Promise<void> {
  if (!data) return;
  const values = new FormData(form);
  const answers: Record<string, unknown> = {};
  let first: Control | null = null;
  for (const field of data.fields) {
    const control = controlOf(form, field.key);
    if (!control) continue;
    const value = answerOf(form, values, field);
    const issue = check(field, value);
    showFieldError(control, issue ? text(issue.code, issue.params) : null);
    if (issue) first ??= control;
    else if (value !== '' && value !== undefined && !(Array.isArray(value) && value.length === 0))
      answers[field.key] = value;
  }
  const consent = controlOf(form, 'consent');
  if (consent instanceof HTMLInputElement && consent.type === 'checkbox') {
    showFieldError(consent, consent.checked ? null : text('CONSENT_REQUIRED'));
    if (!consent.checked) first ??= consent;
  }
  if (first) {
    first.focus();
    toast('danger', text('VALIDATION_FAILED'));
    return;
  }
  let response: Response;
  try {
    response = await post({ answers, consent: true, landingId: data.landingId }, newKey());
  } catch {
    toast('danger', text('INTERNAL_ERROR'));
    return;
  }
  const body = (await response.json().catch(() => ({}))) as ErrorBody & { outcome?: ParticipationOutcome };
  if (response.ok && body.outcome) {
    if (data.nextUrl) {
      try {
        sessionStorage.setItem(outcomeKey, JSON.stringify(body.outcome));
      } catch {
        // private mode: the next page shows no outcome
      }
      location.assign(data.nextUrl);
      return;
    }
    showOutcome(body.outcome, form);
    return;
  }
  const error = body.error;
  let shown = false;
  for (const detail of error?.details ?? []) {
    const key = detail.path.replace(/^answers\./, '');
    const control = controlOf(form, key === 'consent' ? 'consent' : key);
    if (control) {
      showFieldError(control, detail.message ?? text(detail.code));
      if (!shown) control.focus();
      shown = true;
    }
  }
  toast('danger', error?.message ?? text(response.status === 429 ? 'RATE_LIMITED' : 'INTERNAL_ERROR'));
}

/**
 * Leaflet and the tiles come after the page's load event, only when the server drew the map's box
 * (a centre has a position), and only once that box comes near the screen (a phone that never
 * scrolls to it never downloads them; decision 007).
 */
function loadMapLibrary(canvas: HTMLElement, map: { script: string; css: string }): void {
  const load = () => {
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = map.css;
    const script = document.createElement('script');
    script.src = map.script;
    document.head.append(css, script);
  };
  const whenNear = () => {
    if (!('IntersectionObserver' in window)) return load();
    const watch = new IntersectionObserver(
      (seen) => {
        if (!seen.some((entry) => entry.isIntersecting)) return;
        watch.disconnect();
        load();
      },
      { rootMargin: '400px 0px' },
    );
    watch.observe(canvas);
  };
  if (document.readyState === 'complete') setTimeout(whenNear, 0);
  else addEventListener('load', () => setTimeout(whenNear, 0), { once: true });
}

/** The map element as the server drew it (map-box-html.ts): its box, button, note and list. */
function bindMap(box: HTMLElement): void {
  if (!data) return;
  const canvas = box.querySelector<HTMLElement>('.lp-map-canvas');
  if (canvas && data.map) loadMapLibrary(canvas, data.map);
  const button = box.querySelector<HTMLButtonElement>('button[data-near]');
  const note = box.querySelector<HTMLElement>('[data-map-note]');
  if (!button) return;
  if (!('geolocation' in navigator)) {
    button.remove();
    if (note) note.textContent = text('GEOLOCATION_UNSUPPORTED');
    return;
  }
  button.addEventListener('click', () => {
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const here = { lat: position.coords.latitude, lng: position.coords.longitude };
        const list = box.querySelector('ul');
        if (list) fillCentreList(list, data.centres, here);
        box.dispatchEvent(new CustomEvent('lp:location', { detail: here }));
      },
      () => {
        if (note) note.textContent = text('GEOLOCATION_UNSUPPORTED');
      },
    );
  });
}

function start(): void {
  bindShareButtons();
  if (!data) return;
  for (const form of Array.from(document.querySelectorAll<HTMLFormElement>('form[data-landing-form]')))
    bindForm(form);
  for (const box of Array.from(document.querySelectorAll<HTMLElement>('[data-map]'))) bindMap(box);
  if (data.page > 1) {
    try {
      const saved = sessionStorage.getItem(outcomeKey);
      if (saved) showOutcome(JSON.parse(saved) as ParticipationOutcome, null);
    } catch {
      // no storage: nothing to show
    }
  }
}

start();
