// The client side of scripts/bench-submit: VISITORS visitors, each from its own loopback
// address (127.0.0.2, 127.0.0.3, …, so each has its own turn of the evaluation queue, as
// real visitors do), each sending requests one after another on a kept-alive connection.
// Submissions carry a captcha solved beforehand (each challenge is good once), so the timed
// part measures the server, not the proof of work.
//   node scripts/bench-submit.mjs BASE_URL CALC_ID submit|eval VISITORS PER_VISITOR
// Prints one JSON line: {mode, requests, seconds, perSecond, p50, p90, p99, max, statuses}.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

// The solver the web's sign-up uses (altcha's `lib`, its ES module build).
const { sha, solveChallenge } = await import(
  new URL('../web/node_modules/altcha/dist/lib/index.js', import.meta.url).href
);

const [base, calcId, mode, visitorsArg, perVisitorArg] = process.argv.slice(2);
const visitors = Number(visitorsArg);
const perVisitor = Number(perVisitorArg);
const url = new URL(base);

function request(agent, localAddress, method, path, body) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        agent,
        localAddress,
        headers: data
          ? { 'content-type': 'application/json', 'content-length': data.length }
          : {},
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function solved(agent, localAddress) {
  const { body } = await request(agent, localAddress, 'GET', '/api/captcha');
  const challenge = JSON.parse(body);
  const solution = await solveChallenge({ challenge, deriveKey: sha.deriveKey, timeout: 60_000 });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

// The values a visitor of a quote calculator sends: different for each request.
const values = (v, n) => ({ 1: 10 + ((v * 7 + n) % 90), 2: 1 + (n % 12), 3: n % 2 === 0 });

const people = Array.from({ length: visitors }, (_, v) => ({
  address: `127.0.0.${v + 2}`,
  agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
}));

const bodies = [];
for (const [v, person] of people.entries()) {
  const mine = [];
  for (let n = 0; n < perVisitor; n += 1) {
    const body = { values: values(v, n), locale: 'en' };
    if (mode === 'submit') {
      body.contact = { email: `visitor${v}.${n}@example.com`, name: `Visitor ${v}` };
      body.captchaResponse = await solved(person.agent, person.address);
      body.website = '';
    }
    mine.push(body);
  }
  bodies.push(mine);
}

const path = `/api/calc/${calcId}/${mode}`;
const latencies = [];
const statuses = {};
const started = performance.now();
await Promise.all(
  people.map(async (person, v) => {
    for (const body of bodies[v]) {
      const t = performance.now();
      const { status } = await request(person.agent, person.address, 'POST', path, body);
      latencies.push(performance.now() - t);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
for (const person of people) person.agent.destroy();

latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
const ms = (x) => Math.round(x * 100) / 100;
console.log(
  JSON.stringify({
    mode,
    requests: latencies.length,
    seconds: ms(seconds),
    perSecond: Math.round(latencies.length / seconds),
    p50: ms(at(0.5)),
    p90: ms(at(0.9)),
    p99: ms(at(0.99)),
    max: ms(latencies[latencies.length - 1]),
    statuses,
  }),
);
