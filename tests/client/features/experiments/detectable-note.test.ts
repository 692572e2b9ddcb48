// Before an experiment: the form asks for what Kompass will tell after the planned days (start and
// end both counted) and shows the server's sentence, or what is missing.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  DetectableNote,
  formDetectableNote,
  plannedDays,
} from '../../../../src/client/features/experiments/components/detectable-note.tsx';

describe('what Kompass will be able to tell', () => {
  it('counts the planned days with start and end, none while a date is missing or reversed', () => {
    expect(plannedDays('2027-03-01', '2027-03-28')).toBe(28);
    expect(plannedDays('2027-03-01', '2027-03-01')).toBe(1);
    expect(plannedDays('2027-03-01', '')).toBeNull();
    expect(plannedDays('2027-03-10', '2027-03-01')).toBeNull();
  });

  it("shows the server's sentence under its heading", () => {
    const message =
      'Mit deinen bisherigen Downloads erkennt Kompass nach 28 Tagen Veränderungen ab etwa ±18\u00a0%. Für Veränderungen um ±20\u00a0% braucht es etwa 21 Tage.';
    const html = renderToStaticMarkup(createElement(DetectableNote, { message }));
    expect(html).toContain('Was Kompass erkennen kann');
    expect(html).toContain(message);
  });

  it('says on the form what it waits for: the dates, then the answer, or that none came', () => {
    const answer = {
      enough_data: true,
      message: 'Mit deinen …',
      baseline_days: 91,
      days: 28,
      size: 18,
      days_for_20: 21,
    };
    expect(formDetectableNote(null, { data: answer, isError: false }).message).toMatch(
      /^Sobald Start und Ende feststehen/,
    );
    expect(formDetectableNote(28, { isError: false })).toEqual({
      message: expect.stringMatching(/^Kompass rechnet/),
      busy: true,
    });
    expect(formDetectableNote(28, { data: answer, isError: false })).toEqual({ message: 'Mit deinen …' });
    expect(formDetectableNote(28, { isError: true }).message).toMatch(/lässt sich gerade nicht abrufen/);
  });
});
