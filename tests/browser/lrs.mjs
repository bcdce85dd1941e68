// A small cmi5 LMS's xAPI side for tests/browser/cmi5.mjs: node's http on 127.0.0.1, on a port of
// its own (so the lesson talks to another origin, as it does in most LMSs, through CORS).
//  - launch(...) does what an LMS does before it launches an AU: a new session id, the State
//    document LMS.LaunchData (contextTemplate with the session id and the publisher id's grouping
//    activity, launchMode, moveOn, masteryScore; `launchData` adds or replaces properties), a
//    one-time fetch URL; it returns the launch URL's query string.
//  - POST /fetch/KEY: {"auth-token": ...} the first time; after that cmi5's error-code 1, with
//    HTTP 200 as cmi5 8.2.3 says.
//  - /xapi/statements (PUT one, POST one or a list): each statement validated with Learning
//    Locker's xapi-validation (npm); the X-Experience-API-Version header and the session's token
//    (Authorization: Basic) checked; every problem kept in `errors`.
//  - /xapi/activities/state (GET one or the list of ids, PUT, POST merging JSON, DELETE), scoped
//    by activityId, agent, registration and stateId; /xapi/agents/profile for
//    cmi5LearnerPreferences.
//  - `broken`: {token: true} answers the fetch URL with HTTP 500, {statements: true} the
//    statements resource with HTTP 500 (each request still counted).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const validateStatement = require('@learninglocker/xapi-validation').default;

export const SESSION_ID = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
export const PUBLISHER_ID = 'urn:attention-lesson:course:au:lesson';
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, PUT, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Experience-API-Version',
  'Access-Control-Expose-Headers': 'X-Experience-API-Version',
};

export async function startLrs() {
  const lrs = {
    origin: '',
    broken: {},
    launches: [],     // {registration, session, fetchKey, token, fetchCalls}
    statements: [],   // {statement, method, at (ms), errors}
    statementRequests: 0,
    errors: [],       // what the lesson sent that an LRS would refuse
    states: new Map(),
    requests: [],     // "METHOD /path"
  };
  const stateKey = (query) => JSON.stringify([query.get('activityId'), JSON.parse(query.get('agent') || 'null'),
                                              query.get('registration') || '', query.get('stateId')]);

  lrs.launch = ({ registration = randomUUID(), activityId, actor, launchMode = 'Normal', masteryScore, moveOn = 'Completed',
                  launchData = {} }) => {
    const launch = { registration, session: randomUUID(), fetchKey: randomUUID(), token: null, fetchCalls: 0, activityId, actor };
    lrs.launches.push(launch);
    const data = {
      contextTemplate: {
        contextActivities: { grouping: [{ objectType: 'Activity', id: PUBLISHER_ID }] },
        extensions: { [SESSION_ID]: launch.session },
      },
      launchMode, moveOn, ...(masteryScore === undefined ? {} : { masteryScore }), ...launchData,
    };
    const key = JSON.stringify([activityId, actor, registration, 'LMS.LaunchData']);
    lrs.states.set(key, JSON.stringify(data));
    const query = new URLSearchParams({
      endpoint: `${lrs.origin}/xapi/`, fetch: `${lrs.origin}/fetch/${launch.fetchKey}`, actor: JSON.stringify(actor),
      registration, activityId,
    });
    return { launch, query: query.toString() };
  };
  lrs.putState = (launch, stateId, doc) => {
    lrs.states.set(JSON.stringify([launch.activityId, launch.actor, launch.registration, stateId]), JSON.stringify(doc));
  };
  lrs.stateOf = (launch, stateId) => {
    const text = lrs.states.get(JSON.stringify([launch.activityId, launch.actor, launch.registration, stateId]));
    return text === undefined ? undefined : JSON.parse(text);
  };

  function send(res, status, body, type = 'application/json') {
    res.writeHead(status, { ...CORS, 'X-Experience-API-Version': '1.0.3', ...(body === null ? {} : { 'Content-Type': type }) });
    res.end(body === null ? undefined : (typeof body === 'string' ? body : JSON.stringify(body)));
  }

  // The launch whose token the request carries, or null (and the problem kept).
  function authorized(req, what) {
    const version = req.headers['x-experience-api-version'];
    if (!/^1\.0(\.\d+)?$/.test(version || '')) lrs.errors.push(`${what}: X-Experience-API-Version is ${JSON.stringify(version)}`);
    const match = /^Basic (.+)$/.exec(req.headers.authorization || '');
    const launch = match && lrs.launches.find((candidate) => candidate.token === match[1]);
    if (!launch) lrs.errors.push(`${what}: Authorization ${JSON.stringify(req.headers.authorization || '')} is no session's token`);
    return launch || null;
  }

  function statementsRequest(req, res, url, body) {
    lrs.statementRequests++;
    const launch = authorized(req, `${req.method} statements`);
    if (lrs.broken.statements) return send(res, 500, { error: 'the LRS is down' });
    if (!launch) return send(res, 401, { error: 'no session token' });
    let parsed;
    try {
      parsed = JSON.parse(body);
    } catch (error) {
      lrs.errors.push(`${req.method} statements: the body is not JSON`);
      return send(res, 400, { error: 'not JSON' });
    }
    const list = req.method === 'PUT' ? [{ ...parsed, id: parsed.id || url.searchParams.get('statementId') }]
      : Array.isArray(parsed) ? parsed : [parsed];
    const ids = [];
    for (const statement of list) {
      const errors = validateStatement(statement).map((warning) =>
        `${(warning.path || []).join('.')}: ${warning.constructor.name} ${JSON.stringify(warning.data).slice(0, 80)}`);
      if (statement.context?.registration !== launch.registration) errors.push(`context.registration is not the session's ${launch.registration}`);
      for (const error of errors) lrs.errors.push(`statement ${statement.verb?.id}: ${error}`);
      lrs.statements.push({ statement, method: req.method, at: Date.now(), errors, launch });
      ids.push(statement.id);
    }
    return req.method === 'PUT' ? send(res, 204, null) : send(res, 200, ids);
  }

  function stateRequest(req, res, url, body) {
    const launch = authorized(req, `${req.method} state`);
    if (!launch) return send(res, 401, { error: 'no session token' });
    const query = url.searchParams;
    if (query.get('registration') !== launch.registration) lrs.errors.push(`${req.method} state: registration is not the session's`);
    if (req.method === 'GET' && !query.get('stateId')) {
      const prefix = JSON.stringify([query.get('activityId'), JSON.parse(query.get('agent') || 'null'), query.get('registration') || '']).slice(0, -1);
      return send(res, 200, [...lrs.states.keys()].filter((key) => key.startsWith(`${prefix},`)).map((key) => JSON.parse(key)[3]));
    }
    const key = stateKey(query);
    if (req.method === 'GET') return lrs.states.has(key) ? send(res, 200, lrs.states.get(key)) : send(res, 404, { error: 'no such state' });
    if (query.get('stateId') === 'LMS.LaunchData') {
      lrs.errors.push(`${req.method} state: the AU changed LMS.LaunchData`);
      return send(res, 403, { error: 'LMS.LaunchData is the LMS\'s' });
    }
    if (req.method === 'DELETE') {
      lrs.states.delete(key);
      return send(res, 204, null);
    }
    try {
      const doc = JSON.parse(body);
      const merged = req.method === 'POST' && lrs.states.has(key) ? { ...JSON.parse(lrs.states.get(key)), ...doc } : doc;
      lrs.states.set(key, JSON.stringify(merged));
    } catch (error) {
      lrs.errors.push(`${req.method} state: the body is not JSON`);
      return send(res, 400, { error: 'not JSON' });
    }
    return send(res, 204, null);
  }

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url, lrs.origin);
      const body = Buffer.concat(chunks).toString('utf8');
      lrs.requests.push(`${req.method} ${url.pathname}`);
      if (req.method === 'OPTIONS') return send(res, 204, null);
      const fetchMatch = /^\/fetch\/([0-9a-f-]+)$/.exec(url.pathname);
      if (fetchMatch && req.method === 'POST') {
        const launch = lrs.launches.find((candidate) => candidate.fetchKey === fetchMatch[1]);
        if (!launch) return send(res, 404, { error: 'no such launch' });
        launch.fetchCalls++;
        if (lrs.broken.token) return send(res, 500, { error: 'the LMS is down' });
        if (launch.fetchCalls > 1) return send(res, 200, { 'error-code': '1', 'error-text': 'The authorization token has already been returned.' });
        launch.token = Buffer.from(`${launch.session}:${randomUUID()}`).toString('base64');
        return send(res, 200, { 'auth-token': launch.token });
      }
      if (url.pathname === '/xapi/statements' && ['PUT', 'POST'].includes(req.method)) return statementsRequest(req, res, url, body);
      if (url.pathname === '/xapi/activities/state') return stateRequest(req, res, url, body);
      if (url.pathname === '/xapi/agents/profile' && req.method === 'GET') {
        if (!authorized(req, 'GET agent profile')) return send(res, 401, { error: 'no session token' });
        return url.searchParams.get('profileId') === 'cmi5LearnerPreferences' ? send(res, 200, { languagePreference: 'en-US' })
          : send(res, 404, { error: 'no such profile' });
      }
      lrs.errors.push(`unexpected request: ${req.method} ${url.pathname}`);
      return send(res, 404, { error: 'not here' });
    });
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  lrs.origin = `http://127.0.0.1:${server.address().port}`;
  lrs.server = server;
  return lrs;
}
