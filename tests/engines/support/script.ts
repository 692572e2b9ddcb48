// A function body and its (JSON) arguments as one expression, for drivers that evaluate a string:
// the page's Content-Security-Policy forbids `new Function` in the page, not a driver's evaluation.
export const expression = (body: string, args: unknown[]) =>
  `(function () { ${body} }).apply(null, ${JSON.stringify(args)})`;
