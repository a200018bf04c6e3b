// Signs up a fresh user on a running Calcsmith server (solving the real captcha, as the
// web app does) and prints the session cookie, `name=value`, for scripts/fuzz-api.
// usage: node scripts/fuzz-session.mjs http://127.0.0.1:PORT
// The web app's own solver (web/node_modules/altcha, its ESM build).
const { sha, solveChallenge } = await import(
  new URL("../web/node_modules/altcha/dist/lib/index.js", import.meta.url)
);

const base = process.argv[2];
const challenge = await (await fetch(`${base}/api/captcha`)).json();
const solution = await solveChallenge({ challenge, deriveKey: sha.deriveKey, timeout: 60_000 });
const captchaResponse = btoa(JSON.stringify({ challenge, solution }));
const answer = await fetch(`${base}/api/signup`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({
    email: `fuzz-${Date.now()}@example.com`,
    password: "correct horse battery",
    name: "Fuzz",
    captchaResponse,
  }),
});
if (answer.status !== 200) {
  console.error(`sign-up failed: ${answer.status} ${await answer.text()}`);
  process.exit(1);
}
const cookie = answer.headers.get("set-cookie")?.split(";")[0];
if (!cookie) {
  console.error("sign-up set no session cookie");
  process.exit(1);
}
console.log(cookie);
