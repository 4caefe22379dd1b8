/**
 * What a visitor is told about each problem, in English, in the GOV.UK style: say what to do.
 *
 * The proxy writes these into its `400`/`415` answers; the widget starts from the same table and
 * lets a site owner override any entry (its `i18n` property). `{name}` placeholders are filled by
 * `formatMessage`.
 */
/**
 * What a visitor can be told, by key: `<field>.<code>`, `question.<code>`, `file.<code>`... The
 * widget's late bundle brings these (and only these) for its own checks and the proxy's answers.
 */
export const VISITOR_MESSAGES = /* @__PURE__ */ Object.freeze({
  'forename.required': 'Enter your first name',
  'forename.too_long': 'First name must be {max} characters or fewer',
  'forename.invalid_characters': 'First name must not contain control characters',
  'surname.required': 'Enter your last name',
  'surname.too_long': 'Last name must be {max} characters or fewer',
  'surname.invalid_characters': 'Last name must not contain control characters',
  'email.required': 'Enter your email address',
  'email.too_long': 'Email address must be {max} characters or fewer',
  'email.invalid_email': 'Enter an email address in the correct format, like name@example.com',
  'telephone_mobile.required': 'Enter your telephone number',
  'telephone_mobile.too_long': 'Telephone number must be {max} characters or fewer',
  'telephone_mobile.invalid_phone':
    'Enter a telephone number, like 020 7946 0018 or +44 808 157 0192',
  'case_type.required': 'Select what your enquiry is about',
  'case_type.too_long': 'Select what your enquiry is about from the list',
  'case_type.unknown_case_type': 'Select what your enquiry is about from the list',
  'marketing.too_long': 'Marketing field {name} must be {max} characters or fewer',
  'marketing.invalid_characters': 'Marketing field {name} must not contain control characters',
  'question.required': 'Enter your answer to “{label}”',
  'question.required_choice': 'Select your answer to “{label}”',
  'question.required_checkbox': 'Tick the box for “{label}”',
  'question.too_long': 'Your answer to “{label}” must be {max} characters or fewer',
  'question.invalid_characters': 'Your answer to “{label}” must not contain control characters',
  'question.not_an_option': 'Select one of the listed answers to “{label}”',
  'question.invalid_type': 'Give one answer to “{label}”',
  'question.not_a_number': 'Enter a number for “{label}”, like 12 or 12.5',
  'question.below_min': 'Enter a number of {min} or more for “{label}”',
  'question.above_max': 'Enter a number of {max} or less for “{label}”',
  'question.invalid_date': 'Enter a real date for “{label}”, like 2027-03-27',
  'question.invalid_email':
    'Enter an email address in the correct format for “{label}”, like name@example.com',
  'question.invalid_phone': 'Enter a telephone number for “{label}”, like 020 7946 0018',
  'question.unknown_question': 'This form does not ask a question with the id “{name}”',
  'question.slot_taken': 'That time was just taken. Choose another time for “{label}”',
  'question.slot_unavailable':
    'That time cannot be booked. Choose one of the times offered for “{label}”',
  'file.file_kind': '“{name}” is not a {kinds} file. Choose a file of one of those kinds',
  'file.file_audio_video':
    '“{name}” is an audio or video file, which cannot be sent. Convert it to PDF where possible, or choose a {kinds} file',
  'file.file_empty': '“{name}” is empty. Choose a file that has something in it',
  'file.file_too_big': '“{name}” is larger than {max}. Choose a smaller file',
  'file.file_unreadable':
    '“{name}” could not be read as a {kind} file: it may be damaged. Choose another file',
  'file.file_too_large_to_convert': '“{name}” cannot be converted: {reason}. Choose a smaller file',
  'files.too_many_files': 'You can send up to {max} files. Remove a file before adding another',
  'consent.required': 'Tick the box to agree to “{label}”',
  'turnstile_token.required': 'Complete the security check',
  'turnstile_token.challenge_failed': 'The security check did not pass. Try it again',
});

/**
 * What only a client program gets wrong (the widget never sends these): English is enough, but
 * they carry keys like every other issue so that a client can tell them apart. A widget shown one
 * by a proxy shows the proxy's English words (`late/show-issue.ts`).
 */
const CLIENT_MESSAGES = /* @__PURE__ */ Object.freeze({
  'form_token.required': 'Send the token from GET /api/form-token as "form_token"',
  'form_token.form_expired':
    'This form is out of date. Fetch a new token from GET /api/form-token and send the enquiry again',
  'form_token.already_used':
    'This form token was already used for an enquiry. Fetch a new one from GET /api/form-token and send again',
  'file.name_not_utf8':
    'The name of a file is not valid UTF-8 text. Rename the file and choose it again',
  'enquiry.required': 'Send the enquiry as a part named "enquiry"',
  'enquiry.not_json': 'The enquiry part must be UTF-8 JSON',
  'enquiry.repeated': 'Send one part named "enquiry"',
  'enquiry.too_long': '“{field}” is too long: {detail}',
  'enquiry.invalid_type': '“{field}”: {detail}',
  'enquiry.unrecognized_key': '“{field}” is not a field of an enquiry',
  'enquiry.unexpected_part': 'The part “{name}” is not expected: send "enquiry" and "files"',
  'slots.no_appointment':
    'The case type “{name}” asks for no appointment: ask GET /api/slots about one that does',
});

/**
 * What only the page without JavaScript is told: the widget shows an appointment's times as the
 * visitor answers, the page only once the answers that choose the team are sent
 * (`intake/page/unseen-times.ts`). A strings file may still lack these (`schemas/strings-file.ts`).
 */
export const PAGE_MESSAGES = /* @__PURE__ */ Object.freeze({
  'question.times_unseen':
    'Choose a time for “{label}” below, or tell us which days and times suit you',
});

/** Every message, by key. */
export const VALIDATION_MESSAGES = /* @__PURE__ */ Object.freeze({
  ...VISITOR_MESSAGES,
  ...CLIENT_MESSAGES,
  ...PAGE_MESSAGES,
});

/** The key of a message in `VALIDATION_MESSAGES`. */
export type MessageKey = keyof typeof VALIDATION_MESSAGES;
/** The values a message's `{placeholders}` are filled with, as its language writes them. */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * Fills `{name}` placeholders. Unknown placeholders are left as they are, so a typo in a
 * translation shows up on the page instead of vanishing.
 *
 * @example formatMessage('Enter a number of {min} or more', { min: 1 }) // 'Enter a number of 1 or more'
 */
export function formatMessage(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}

/**
 * Bytes as a person reads them, in `locale`: English as the product always wrote it ("44 bytes",
 * "1.5 KB", "10 MB"), any other language in CLDR's units through `Intl` ("44 beit" in Welsh),
 * so that no English word is left on a page in another language. Multiples of 1,024 either way.
 *
 * @example formatBytes(10485760) // '10 MB'
 */
export function formatBytes(bytes: number, locale = 'en'): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < 3) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit && 1;
  if (!/^en(-|$)/i.test(locale))
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: `${['', 'kilo', 'mega', 'giga'][unit]}byte`,
      maximumFractionDigits: digits,
    }).format(value);
  const number =
    englishNumber(value, digits) ||
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${['bytes', 'KB', 'MB', 'GB'][unit]}`;
}

/**
 * A number under 1,000 as English writes it with at most `digits` decimals, exactly as
 * `Intl.NumberFormat('en')` would (rounding half up from the shortest decimal form), or
 * undefined past 999. The first `Intl.NumberFormat` costs 15 to 30 ms while the browser loads
 * its locale data, and the file picker's hint ("10 MB each") is in the form's first render.
 */
function englishNumber(value: number, digits: 0 | 1): string | undefined {
  const [whole = '', fraction = ''] = String(value).split('.');
  if (!/^\d{1,3}$/.test(whole) || !/^\d*$/.test(fraction)) return undefined;
  let scaled = Number(whole + fraction.slice(0, digits).padEnd(digits, '0'));
  if ((fraction[digits] ?? '0') >= '5') scaled += 1;
  const rounded = digits === 0 ? scaled : scaled / 10;
  return rounded < 1000 ? String(rounded) : undefined;
}
