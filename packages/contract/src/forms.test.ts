import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { identityIssues } from './countries.ts';
import {
  type AnswerRules,
  ageOn,
  answerIssue,
  answersIssues,
  CampaignForm,
  type FormField,
  nationalPhone,
} from './forms.ts';
import { identityAsStored } from './person-values.ts';

const CR: AnswerRules = {
  phoneDigits: 8,
  identity: { label: 'Cédula', pattern: '^([1-9][0-9]{8}|[0-9]{11,12})$' },
  departments: ['San José', 'Alajuela', 'Cartago'],
  today: '2026-06-01',
  minAge: 18,
};
const field = (key: string, type: FormField['type'], required = true, options?: string[]): FormField => ({
  key,
  type,
  label: key,
  required,
  ...(options ? { options } : {}),
});
const issue = (f: FormField, value: unknown, rules = CR) => answerIssue(f, value, rules)?.code ?? null;

describe('identity number', () => {
  it('accepts every number matching the country pattern', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9][0-9]{8}$/), (v) => {
        expect(issue(field('cedula', 'cedula'), v)).toBeNull();
      }),
    );
  });
  it('refuses any value with a space or hyphen, as "no spaces or hyphens"', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{1,5}$/),
        fc.constantFrom(' ', '-'),
        fc.stringMatching(/^[0-9]{1,5}$/),
        (a, sep, b) => {
          expect(issue(field('cedula', 'cedula'), `${a}${sep}${b}`)).toBe('IDENTITY_FORMAT');
          expect(identityIssues(`${a}${sep}${b}`, CR.identity)?.code).toBe('IDENTITY_FORMAT');
        },
      ),
    );
  });
  it('refuses numbers of the wrong shape with the country’s label', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^0[0-9]{8}$/), (v) => {
        expect(answerIssue(field('cedula', 'cedula'), v, CR)).toEqual({
          path: 'answers.cedula',
          code: 'IDENTITY_PATTERN',
          params: { label: 'Cédula' },
        });
      }),
    );
  });
});

describe('e-mail', () => {
  it('accepts lowercase addresses', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9._]{1,20}@[a-z0-9]{1,10}\.[a-z]{2,4}$/), (v) => {
        expect(issue(field('email', 'email'), v)).toBeNull();
      }),
    );
  });
  it('takes capitals (stored in lowercase) and refuses a space inside as "no spaces"', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._]{1,20}@[A-Za-z0-9]{1,10}\.[A-Za-z]{2,4}$/), (v) => {
        expect(issue(field('email', 'email'), v)).toBeNull();
        expect(issue(field('email', 'email'), ` ${v} `)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,8}$/), fc.constantFrom(' ', '\t'), (user, bad) => {
        expect(issue(field('email', 'email'), `${user}${bad}x@example.com`)).toBe('EMAIL_FORMAT');
      }),
    );
  });
});

describe('phone', () => {
  it('accepts exactly the country’s digits and refuses every other length or character', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{8}$/), (v) => {
        expect(issue(field('phone', 'phone'), v)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{1,15}$/).filter((v) => v.length !== 8),
        (v) => {
          expect(answerIssue(field('phone', 'phone'), v, CR)).toEqual({
            path: 'answers.phone',
            code: 'PHONE_DIGITS',
            params: { digits: 8 },
          });
        },
      ),
    );
    expect(issue(field('phone', 'phone'), '8888 777')).toBe('PHONE_DIGITS');
  });
});

describe('age', () => {
  it('counts whole years, birthday included', () => {
    expect(ageOn('2008-06-01', '2026-06-01')).toBe(18);
    expect(ageOn('2008-06-02', '2026-06-01')).toBe(17);
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
  });
  it('refuses anyone under the minimum age and accepts anyone at or over it', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1920-01-01T00:00:00Z'),
          max: new Date('2026-06-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const birthdate = d.toISOString().slice(0, 10);
          const code = issue(field('birthdate', 'date'), birthdate);
          expect(code).toBe(ageOn(birthdate, CR.today) < 18 ? 'UNDERAGE' : null);
        },
      ),
    );
  });
  it('requires a birthdate ("A date (birthdate) is required") and refuses dates that do not exist', () => {
    expect(issue(field('birthdate', 'date'), '')).toBe('BIRTHDATE_REQUIRED');
    expect(issue(field('birthdate', 'date'), '2001-02-30')).toBe('FIELD_INVALID');
  });
});

describe('free text and choices', () => {
  it('accepts names in any alphabet with ordinary punctuation', () => {
    for (const name of ['María José Pérez', 'Ñandú O’Neill', 'José-Luis (Pepe) #2', 'Zoë Ångström'])
      expect(issue(field('name', 'text'), name)).toBeNull();
  });
  it('refuses markup and symbols as "special characters"', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{0,6}$/),
        fc.constantFrom('<', '>', '{', '}', '$', '=', '|', '\\', '`', '@', '*'),
        (text, symbol) => {
          expect(issue(field('name', 'text'), `${text}${symbol}${text}`)).toBe('SPECIAL_CHARACTERS');
        },
      ),
    );
  });
  it('required questions must be answered; choices must be among the options', () => {
    expect(issue(field('q', 'choice', true, ['A', 'B']), undefined)).toBe('REQUIRED_ANSWER');
    expect(issue(field('q', 'choice', true, ['A', 'B']), 'C')).toBe('FIELD_INVALID');
    expect(issue(field('q', 'multichoice', true, ['A', 'B']), ['A', 'B'])).toBeNull();
    expect(issue(field('q', 'checkbox', false), true)).toBeNull();
    expect(issue(field('department', 'department'), 'Narnia')).toBe('FIELD_INVALID');
  });
  it('names answers no field asks for', () => {
    expect(answersIssues([field('cedula', 'cedula')], { cedula: '102340567', extra: 1 }, CR)).toEqual([
      { path: 'answers.extra', code: 'UNKNOWN_FIELD' },
    ]);
  });
});

describe('campaign form', () => {
  it('needs a required identity field and a department field', () => {
    const result = CampaignForm.safeParse({ fields: [field('name', 'text')] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).sort()).toEqual([
      'DEPARTMENT_FIELD_REQUIRED',
      'IDENTITY_FIELD_REQUIRED',
    ]);
  });
});

describe('numbers pasted as printed', () => {
  it('store an identity number without separators and a phone without the calling code', () => {
    expect(identityAsStored(' 1-0234-0567 ')).toBe('102340567');
    const cr = { phoneDigits: 8, phonePrefix: '+506' };
    expect(nationalPhone('+506 8888 7777', cr)).toBe('88887777');
    expect(nationalPhone('8888-7777', cr)).toBe('88887777');
    expect(nationalPhone('5068 8877', cr)).toBe('50688877');
  });
});
