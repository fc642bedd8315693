import { describe, expect, it } from 'vitest';
import { checkField, PATTERN_KINDS, patternById, substituteBounds } from './pattern-kinds.ts';
import type { FieldConfig } from './patterns.ts';

// One accepted and one rejected sample per pattern kind of spec §5.
const samples: Record<string, { ok: string[]; bad: string[] }> = {
  any: { ok: ['anything goes 你好 !'], bad: [] },
  letterFirstAlnum: { ok: ['abc123', 'Z9'], bad: ['1abc', 'ab_c'] },
  lettersChinese: { ok: ['abc', '张三abc'], bad: ['abc1', 'a b'] },
  email: { ok: ['a.b+c@example.com', 'x@sub.domain.co'], bad: ['a@b', 'a b@c.com', '@x.com'] },
  alnumNoChinese: { ok: ['abc123'], bad: ['abc中', 'a-b'] },
  lettersAndDigits: { ok: ['abc123', '1a'], bad: ['abcdef', '123456'] },
  digits: { ok: ['0123456789'], bad: ['12a', '1 2'] },
  alnumOneCapital: { ok: ['abC123'], bad: ['abc123', 'ABC-1'] },
  lettersSpaces: { ok: ['John Smith'], bad: ['John1', 'Jöhn'] },
  noSpaces: { ok: ['a-b_c!'], bad: ['a b', ' a'] },
  chineseSymbols: { ok: ['张三·李', '你好！'], bad: ['abc', '张三1'] },
  dateYmd: { ok: ['2000-01-31'], bad: ['2000-13-01', '01-31-2000'] },
  dateMdy: { ok: ['01-31-2000'], bad: ['2000-01-31', '13-01-2000'] },
  twoLettersSpaces: { ok: ['a b', 'ab'], bad: ['a', 'a 1'] },
  korean: { ok: ['홍길동'], bad: ['hong', '홍 길동'] },
  thai: { ok: ['สมชาย'], bad: ['somchai', 'สม ชาย'] },
  thaiEnglishSpaces: { ok: ['สมชาย Lee'], bad: ['สมชาย1'] },
  upperSpacesOneLetter: { ok: ['JOHN SMITH', 'A'], bad: ['John', '   '] },
  lettersDigitsSymbols: { ok: ['ab12!@#'], bad: ['ab 12', '中文'] },
  upperLowerDigitSpecial: { ok: ['Abc123!'], bad: ['abc123!', 'Abc123', 'Abc 12!'] },
  fullNameTwoParts: { ok: ['Aung San', 'Nguyễn Văn An'], bad: ['Aung', 'Aung  San'] },
  fullWidthJapanese: { ok: ['やまだ', 'ヤマダ太郎'], bad: ['yamada', 'ﾔﾏﾀﾞ'] },
  upperNoSpaces: { ok: ['ABC'], bad: ['ABC D', 'Abc'] },
};

describe('registration pattern kinds', () => {
  it('has the 23 kinds, each with a unique id and samples', () => {
    expect(PATTERN_KINDS).toHaveLength(23);
    expect(new Set(PATTERN_KINDS.map((k) => k.id)).size).toBe(23);
    expect(Object.keys(samples).sort()).toEqual(PATTERN_KINDS.map((k) => k.name).sort());
  });

  for (const kind of PATTERN_KINDS) {
    it(`${kind.id} ${kind.name} accepts and rejects`, () => {
      const s = samples[kind.name]!;
      for (const v of s.ok) expect(kind.re.test(v), `accept ${v}`).toBe(true);
      for (const v of s.bad) expect(kind.re.test(v), `reject ${v}`).toBe(false);
    });
  }
});

describe('checkField', () => {
  const config: FieldConfig = {
    enabled: true,
    required: true,
    minLength: 4,
    maxLength: 8,
    acceptedPattern: '^',
    patternId: 2,
  };

  it('requires a required field', () => {
    expect(checkField(config, '')).toEqual({
      ok: false,
      key: 'errors.input_required',
      params: { min: 4, max: 8 },
    });
    expect(checkField({ ...config, required: false }, '')).toEqual({ ok: true });
    expect(checkField({ ...config, required: false }, '', true).ok).toBe(false);
  });

  it('checks length bounds by characters, then the pattern', () => {
    expect(checkField(config, 'abc').ok).toBe(false);
    expect(checkField(config, 'abcdefghi').ok).toBe(false);
    expect(checkField(config, '1abc')).toMatchObject({ ok: false, key: 'patterns.letterFirstAlnum' });
    expect(checkField(config, 'abc1')).toEqual({ ok: true });
  });

  it("accepts any characters when acceptedPattern is '*'", () => {
    expect(checkField({ ...config, acceptedPattern: '*' }, '1 @#')).toEqual({ ok: true });
  });

  it('ignores a disabled field', () => {
    expect(checkField({ ...config, enabled: false }, '')).toEqual({ ok: true });
  });

  it('falls back to any characters for an unknown pattern id', () => {
    expect(patternById(999)).toBeUndefined();
    expect(checkField({ ...config, patternId: 999 }, '!!!!')).toEqual({ ok: true });
  });
});

describe('substituteBounds', () => {
  it('substitutes (min) and (max)', () => {
    expect(substituteBounds('(min)-(max) letters', 4, 16)).toBe('4-16 letters');
  });
  it('shows one value when the bounds are equal', () => {
    expect(substituteBounds('(min)-(max) digits', 6, 6)).toBe('6 digits');
    expect(substituteBounds('(min)~(max) 位', 6, 6)).toBe('6 位');
    expect(substituteBounds('at least (min), at most (max)', 6, 6)).toBe('at least 6, at most 6');
  });
});
