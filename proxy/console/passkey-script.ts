/**
 * The console's one script, served at `/admin/console.js` to its sign-in and invitation pages
 * only (the pages allow scripts from their own origin, never inline): it asks the browser for a
 * passkey (WebAuthn) and hands the answer to `passkey-routes.ts`. A few lines by hand rather
 * than a library: the options and answers only need base64url turned into bytes and back.
 */

/** The script's text. */
export const PASSKEY_SCRIPT = String.raw`
const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const text = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const post = async (path, body) => {
  const answer = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(json.message || 'The console refused the passkey.');
  return json;
};
const answerOf = (credential) => ({
  id: credential.id,
  rawId: text(credential.rawId),
  type: credential.type,
  clientExtensionResults: credential.getClientExtensionResults(),
  authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
  response: Object.fromEntries(
    ['clientDataJSON', 'attestationObject', 'authenticatorData', 'signature', 'userHandle']
      .filter((name) => credential.response[name])
      .map((name) => [name, text(credential.response[name])])
      .concat(credential.response.getTransports ? [['transports', credential.response.getTransports()]] : []),
  ),
});
const run = (form, act) => form?.addEventListener('submit', async (event) => {
  event.preventDefault();
  const problem = form.querySelector('[role=alert]');
  const button = form.querySelector('button');
  button.disabled = true;
  problem.hidden = true;
  try {
    const { next } = await act(form.dataset.csrf);
    window.location.assign(next);
  } catch (error) {
    problem.textContent = error.name === 'NotAllowedError' ? 'No passkey was given.' : error.message;
    problem.hidden = false;
    button.disabled = false;
  }
});
run(document.getElementById('passkey-sign-in'), async (csrf) => {
  const options = await post('/admin/passkeys/sign-in/options', { csrf });
  const credential = await navigator.credentials.get({
    publicKey: { ...options, challenge: bytes(options.challenge), allowCredentials: [] },
  });
  return post('/admin/passkeys/sign-in', { csrf, response: answerOf(credential) });
});
run(document.getElementById('passkey-register'), async (csrf) => {
  const invitation = document.getElementById('passkey-register').dataset.invitation;
  const options = await post('/admin/passkeys/register/options', { csrf, invitation });
  const credential = await navigator.credentials.create({
    publicKey: {
      ...options,
      challenge: bytes(options.challenge),
      user: { ...options.user, id: bytes(options.user.id) },
      excludeCredentials: [],
    },
  });
  return post('/admin/passkeys/register', { csrf, invitation, response: answerOf(credential) });
});
`;
