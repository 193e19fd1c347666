import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATE_QUESTION_OPEN } from '../../src/shared/portfolio/brokers/dates';
import { readActivitiesFile } from '../../src/shared/portfolio/brokers/readActivities';
import { readPositionsFile } from '../../src/shared/portfolio/brokers/readPositions';
import type { ReadActivityRow } from '../../src/shared/portfolio/brokers/types';
import {
  BROKER_FIXTURES,
  brokerFixtures,
  fixtureText,
  type ExpectedActivities,
  type ExpectedPositions,
} from '../helpers/brokerFixtures';

/**
 * Every broker fixture (issue 27 §2) through the readers, against the activities or positions written down by hand
 * beside it: types, dates, quantities, prices, fees, amounts, currencies, the rows skipped with their reasons.
 */

const fixtures = brokerFixtures();

function activityOf(row: ReadActivityRow) {
  const a = row.activity;
  return {
    line: row.line,
    type: a?.type,
    date: a?.date,
    symbol: a?.symbol,
    quantity: a?.quantity,
    price: a?.price,
    fee: a?.fee,
    amount: a?.amount,
    ratio: a?.ratio,
    currency: row.currency,
    fxRate: row.fxRate,
    note: a?.note,
    error: row.error,
  };
}

function expectSkipped(actual: Array<{ line: number; reason: string }>, expected: ExpectedActivities['skipped']) {
  expect(actual.map((s) => s.line)).toEqual(expected.map((s) => s.line));
  expected.forEach((s, i) => expect(actual[i].reason, `line ${s.line}`).toContain(s.reason));
}

describe('every layout has a fixture and an expectation', () => {
  it('pairs each CSV with what it must give', () => {
    const csvs = readdirSync(BROKER_FIXTURES).filter((f) => f.endsWith('.csv'));
    expect(new Set(fixtures.map((f) => f.file))).toEqual(new Set(csvs));
    expect(fixtures.length).toBeGreaterThanOrEqual(19);
  });
});

describe.each(fixtures.filter((f): f is ExpectedActivities => f.kind === 'activities'))('$name', (expected) => {
  const read = readActivitiesFile(fixtureText(expected.file), { dateOrder: expected.dateOrder ?? null });

  it('is recognised, with its decimal mark and date order', () => {
    expect(read.fileError).toBeNull();
    expect(read.reading?.layout.id).toBe(expected.layout);
    expect(read.reading?.decimal).toBe(expected.decimal);
    if (expected.dates) expect(read.reading?.dates).toMatchObject({ ...expected.dates, question: null });
  });

  it('gives the activities written down, in ledger order', () => {
    const readable = read.rows.filter((r) => r.activity);
    const got = readable.map(activityOf);
    expect(got.map((a) => `${a.line} ${a.type}`)).toEqual(expected.activities.map((a) => `${a.line} ${a.type}`));
    expected.activities.forEach((want, i) => {
      const { error, fxRate, note, serverError: _server, ...fields } = want;
      expect(got[i], `line ${want.line}`).toMatchObject(fields);
      if (fxRate !== undefined) expect(got[i].fxRate).toBe(fxRate);
      if (note !== undefined) expect(got[i].note).toBe(note);
      if (error) expect(got[i].error).toContain(error);
      else expect(got[i].error, `line ${want.line}`).toBeNull();
    });
  });

  it('names every row it cannot read, and every row it skips with the reason', () => {
    const failing = read.rows.filter((r) => !r.activity);
    expect(failing.map((r) => r.line)).toEqual(expected.failing.map((f) => f.line));
    expected.failing.forEach((f, i) => expect(failing[i].error).toContain(f.error));
    expectSkipped(read.reading!.skipped, expected.skipped);
  });

  it('says how the broker’s wordings were read', () => {
    const wordings = Object.fromEntries(read.reading!.wordings.map((w) => [w.wording, w.becomes]));
    expect(wordings).toMatchObject(expected.wordings);
  });

  if (expected.question) {
    it('asks whether the dates are day or month first, and reads nothing dated until it is answered', () => {
      const asked = readActivitiesFile(fixtureText(expected.file));
      expect(asked.reading?.dates).toMatchObject({ order: null, question: expected.question });
      const dated = asked.rows.filter((r) => r.error === DATE_QUESTION_OPEN);
      expect(dated.length).toBe(expected.activities.length);
      expect(asked.rows.every((r) => r.activity === null)).toBe(true);
    });
  }
});

describe.each(fixtures.filter((f): f is ExpectedPositions => f.kind === 'positions'))('$name', (expected) => {
  const read = readPositionsFile(fixtureText(expected.file), { dateOrder: expected.dateOrder ?? null });

  it('is recognised, and says which column became what', () => {
    expect(read.fileError).toBeNull();
    expect(read.reading?.layout.id).toBe(expected.layout);
    expect(read.reading?.decimal).toBe(expected.decimal);
    expect(read.columns).toMatchObject(expected.columns);
    if (expected.dates) expect(read.reading?.dates).toMatchObject(expected.dates);
  });

  it('gives the holdings and cash lines written down', () => {
    expect(read.rows.map((r) => `${r.line} ${r.kind} ${r.symbol}`)).toEqual(
      expected.rows.map((r) => `${r.line} ${r.kind} ${r.symbol}`),
    );
    expected.rows.forEach((want, i) => {
      const { error, fxRate, serverError: _server, ...fields } = want;
      expect(read.rows[i], `line ${want.line}`).toMatchObject(fields);
      if (fxRate !== undefined) expect(read.rows[i].fxRate).toBe(fxRate);
      if (error) expect(read.rows[i].error).toContain(error);
      else expect(read.rows[i].error, `line ${want.line}`).toBeNull();
    });
  });

  it('skips every other line with its reason', () => {
    expectSkipped(read.reading!.skipped, expected.skipped);
  });
});
