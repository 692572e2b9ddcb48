// German messages for every zod issue a user can reach that has no message of its own: plain
// sentences, not the library's 'erwartet Zahl, erhalten Text'. Imported once by server and client.
import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const typeMessages: Record<string, string> = {
  string: 'Bitte gib einen Text ein.',
  number: 'Bitte gib eine Zahl ein.',
  int: 'Bitte gib eine ganze Zahl ein.',
  boolean: 'Bitte wähle ja oder nein.',
  array: 'Bitte gib eine Liste an.',
  object: 'Die Angaben sind unvollständig.',
};

function message(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Dieses Feld ist erforderlich.';
      return typeMessages[issue.expected] ?? 'Dieser Wert hat nicht das richtige Format.';
    case 'too_big':
      if (issue.origin === 'string') return `Höchstens ${issue.maximum} Zeichen sind erlaubt.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Höchstens ${issue.maximum} Einträge sind erlaubt.`;
      return `Der Wert darf höchstens ${issue.maximum} sein.`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? 'Dieses Feld ist erforderlich.'
          : `Mindestens ${issue.minimum} Zeichen sind nötig.`;
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Mindestens ${issue.minimum} Einträge sind nötig.`;
      return `Der Wert muss mindestens ${issue.minimum} sein.`;
    case 'invalid_format':
      return issue.format === 'email'
        ? 'Bitte gib eine gültige E-Mail-Adresse ein.'
        : 'Dieser Wert hat nicht das richtige Format.';
    case 'invalid_value':
      return 'Bitte wähle einen der vorgegebenen Werte.';
    case 'unrecognized_keys':
      return 'Die Anfrage enthält unbekannte Angaben.';
    default:
      return 'Dieser Wert ist ungültig.';
  }
}

z.config({ customError: message });
