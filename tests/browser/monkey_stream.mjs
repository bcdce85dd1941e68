// A seeded stream of random input for the monkey tests (in the spirit of PhET's ?fuzz): mouse,
// touch, wheel, keys (the player's K, Space and C among them), typed text, window resizes and
// scene switches; on the walkthrough, clicks and drags land on the player and its seek bar. The browser test replays it
// with Playwright (monkey.mjs); natively attention_replay (tests/replay/) plays the same stream
// into the app as SDL events (tests/smoke/native_monkey.sh). Same seed and count, same stream.
//
// Positions are fractions of the widget's width and height, so one stream fits any window.
// One event per line in the file form:
//   move X Y                    pointer moves to (X, Y)
//   down X Y BUTTON MODS        button goes down at (X, Y) and stays down
//   up X Y BUTTON MODS          button goes up at (X, Y)
//   click X Y BUTTON MODS       down and up at (X, Y)
//   drag X0 Y0 X1 Y1 STEPS      left button down at 0, moves in STEPS to 1, up
//   tap X Y                     one finger touches and lifts
//   swipe X0 Y0 X1 Y1 STEPS     one finger slides from 0 to 1 in STEPS
//   wheel X Y DX DY             pointer at (X, Y), wheel by DX, DY pixels
//   key NAME MODS               a key pressed and released (Playwright key names)
//   type TEXT                   each character typed (no spaces)
//   resize W H                  the viewport / window becomes W x H pixels
//   scene NAME                  the scene on screen switches (as the page's API or --scene would)
// BUTTON is left or right; MODS is '-' or modifier names joined by '+' (Shift, Control, Alt).
//
// usage: node monkey_stream.mjs --scenes NAME,NAME,... [--seed N] [--events N] [--out FILE]
//   --scenes: the scenes to switch between, the app's own list (attention_replay --scenes prints
//   it; the browser test asks the widget). MONKEY_SEED and MONKEY_EVENTS in the environment set
//   the defaults; without a seed a random one is drawn. Prints "monkey seed: N" so a failing run
//   can be replayed.
import { randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';

export const DEFAULT_EVENTS = 10000;

// Phone widths first: the layouts change most there.
const WIDTHS = [320, 360, 390, 414, 600, 768, 1024, 1280, 1600];
const HEIGHTS = [480, 568, 640, 740, 800, 844, 900, 1000];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
// Typed into slider text entry (Ctrl+click) and the quiz's answer box: plain numbers, extremes
// and words a number parser might take for a number.
const TOKENS = ['0', '1', '2.5', '-3', '0.0001', '100', '-100', '99999', '1e999', '-1e999', 'nan', 'inf',
                '-inf', '1e-320', '.', '-', 'abc', 'x1', '0.8', '5'];

// mulberry32: a tiny seeded PRNG with good enough spread for input fuzzing.
export function makeRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

export function seedFromEnv() {
  const text = process.env.MONKEY_SEED;
  if (text !== undefined && text !== '') {
    const seed = Number(text);
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new Error(`MONKEY_SEED must be a whole number 0..4294967295, got "${text}"`);
    return seed;
  }
  return randomInt(0, 0x7fffffff);
}

export function countFromEnv() {
  const text = process.env.MONKEY_EVENTS;
  if (text === undefined || text === '') return DEFAULT_EVENTS;
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > 1000000) throw new Error(`MONKEY_EVENTS must be 1..1000000, got "${text}"`);
  return count;
}

const frac = (value) => Math.round(value * 10000) / 10000;

// The stream for `seed` over `scenes` (names): exactly `count` events. Scenes come in shuffled
// rounds of all of them, one per segment, so every scene gets a share of the stream; a pressed
// button is always released.
export function generate(seed, count, scenes) {
  if (!Array.isArray(scenes) || scenes.length === 0) throw new Error('generate needs the scenes to switch between');
  const r = makeRandom(seed);
  const events = [];
  const segment = Math.max(1, Math.floor(count / 24));
  let nextScene = 0;
  let order = [];
  let pressed = null;  // {button} while a 'down' waits for its 'up'
  let last = { x: 0.5, y: 0.5 };

  const point = () => {
    // Near the last point a third of the time: presses and drags land on the same control.
    if (r.chance(0.33)) {
      last = { x: frac(Math.min(0.999, Math.max(0, last.x + (r.next() - 0.5) * 0.06))),
               y: frac(Math.min(0.999, Math.max(0, last.y + (r.next() - 0.5) * 0.06))) };
    } else {
      last = { x: frac(r.next() * 0.999), y: frac(r.next() * 0.999) };
    }
    return last;
  };
  const mods = (p) => (r.chance(p) ? [r.pick(['Shift', 'Control', 'Alt'])] : []);
  const randomKey = () => {
    const roll = r.next();
    if (roll < 0.2) return { key: 'Tab', mods: [] };
    if (roll < 0.28) return { key: 'Tab', mods: ['Shift'] };
    if (roll < 0.53) {
      return { key: r.pick(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']),
               mods: r.chance(0.15) ? [r.pick(['Shift', 'Control'])] : [] };
    }
    if (roll < 0.61) return { key: 'Enter', mods: [] };
    if (roll < 0.69) return { key: 'Space', mods: [] };
    if (roll < 0.74) return { key: 'Escape', mods: [] };
    if (roll < 0.78) return { key: r.pick(['Backspace', 'Delete']), mods: [] };
    if (roll < 0.82) return { key: r.pick(['Home', 'End', 'PageUp', 'PageDown']), mods: [] };
    // The widget's letter keys (K plays and pauses, C captions, N and B step) come more often.
    if (roll < 0.92) return { key: r.chance(0.3) ? r.pick('kcnb') : r.pick(LETTERS), mods: r.chance(0.1) ? ['Shift'] : [] };
    if (roll < 0.985) return { key: r.pick('0123456789.-'), mods: [] };
    return { key: 'r', mods: ['Alt'] };  // "Reset all"
  };

  while (events.length < count) {
    if (events.length >= nextScene && !pressed) {
      nextScene += segment;
      if (order.length === 0) {
        order = scenes.slice();
        for (let i = order.length - 1; i > 0; --i) {
          const j = r.int(0, i);
          [order[i], order[j]] = [order[j], order[i]];
        }
      }
      events.push({ t: 'scene', name: order.pop() });
      continue;
    }
    const left = count - events.length;
    if (pressed) {
      const p = point();
      if (left === 1 || r.chance(0.35)) {
        events.push({ t: 'up', x: p.x, y: p.y, button: pressed.button, mods: [] });
        pressed = null;
      } else {
        events.push({ t: 'move', x: p.x, y: p.y });
      }
      continue;
    }
    const roll = r.next();
    if (roll < 0.3) {
      const p = point();
      events.push({ t: 'move', x: p.x, y: p.y });
    } else if (roll < 0.42) {
      const p = point();
      events.push({ t: 'click', x: p.x, y: p.y, button: r.chance(0.1) ? 'right' : 'left', mods: mods(0.08) });
    } else if (roll < 0.46 && left > 1) {
      const p = point();
      const button = r.chance(0.1) ? 'right' : 'left';
      pressed = { button };
      events.push({ t: 'down', x: p.x, y: p.y, button, mods: [] });
    } else if (roll < 0.54) {
      const a = point();
      const b = point();
      events.push({ t: 'drag', x0: a.x, y0: a.y, x1: b.x, y1: b.y, steps: r.int(2, 8) });
    } else if (roll < 0.59) {
      const p = point();
      events.push({ t: 'tap', x: p.x, y: p.y });
    } else if (roll < 0.63) {
      const a = point();
      const b = point();
      events.push({ t: 'swipe', x0: a.x, y0: a.y, x1: b.x, y1: b.y, steps: r.int(2, 8) });
    } else if (roll < 0.69) {
      const p = point();
      const dy = r.pick([-1, 1]) * r.int(40, 360);
      events.push({ t: 'wheel', x: p.x, y: p.y, dx: r.chance(0.2) ? r.pick([-1, 1]) * r.int(40, 200) : 0, dy });
    } else if (roll < 0.89) {
      events.push({ t: 'key', ...randomKey() });
    } else if (roll < 0.92 && left >= 3) {
      // Ctrl+click opens a slider's text entry: type a number (or not one) and confirm.
      const p = point();
      events.push({ t: 'click', x: p.x, y: p.y, button: 'left', mods: ['Control'] });
      events.push({ t: 'type', text: r.pick(TOKENS) });
      events.push({ t: 'key', key: r.chance(0.8) ? 'Enter' : r.pick(['Escape', 'Tab']), mods: [] });
    } else if (roll < 0.95) {
      let text = r.pick(TOKENS);
      if (r.chance(0.4)) text = Array.from({ length: r.int(1, 12) }, () => r.pick(LETTERS + '0123456789.-')).join('');
      events.push({ t: 'type', text });
    } else if (roll < 0.956) {
      events.push({ t: 'resize', w: r.pick(WIDTHS), h: r.pick(HEIGHTS) });
    } else {
      const p = point();
      events.push({ t: 'move', x: p.x, y: p.y });
    }
  }
  return events.slice(0, count);
}

const modText = (list) => (list && list.length ? list.join('+') : '-');

export function toLine(e) {
  switch (e.t) {
    case 'move': return `move ${e.x} ${e.y}`;
    case 'down': case 'up': case 'click': return `${e.t} ${e.x} ${e.y} ${e.button} ${modText(e.mods)}`;
    case 'drag': return `drag ${e.x0} ${e.y0} ${e.x1} ${e.y1} ${e.steps}`;
    case 'tap': return `tap ${e.x} ${e.y}`;
    case 'swipe': return `swipe ${e.x0} ${e.y0} ${e.x1} ${e.y1} ${e.steps}`;
    case 'wheel': return `wheel ${e.x} ${e.y} ${e.dx} ${e.dy}`;
    case 'key': return `key ${e.key} ${modText(e.mods)}`;
    case 'type': return `type ${e.text}`;
    case 'resize': return `resize ${e.w} ${e.h}`;
    case 'scene': return `scene ${e.name}`;
    default: throw new Error(`unknown event ${JSON.stringify(e)}`);
  }
}

const modList = (text) => (text === '-' ? [] : text.split('+'));

// The event a line of the file form describes (the inverse of toLine).
export function fromLine(line) {
  const [t, ...f] = line.trim().split(/\s+/);
  const n = (i) => Number(f[i]);
  switch (t) {
    case 'move': case 'tap': return { t, x: n(0), y: n(1) };
    case 'down': case 'up': case 'click': return { t, x: n(0), y: n(1), button: f[2], mods: modList(f[3]) };
    case 'drag': case 'swipe': return { t, x0: n(0), y0: n(1), x1: n(2), y1: n(3), steps: n(4) };
    case 'wheel': return { t, x: n(0), y: n(1), dx: n(2), dy: n(3) };
    case 'key': return { t, key: f[0], mods: modList(f[1]) };
    case 'type': return { t, text: f[0] };
    case 'resize': return { t, w: n(0), h: n(1) };
    case 'scene': return { t, name: f[0] };
    default: throw new Error(`not an event: ${line}`);
  }
}

export function parseStream(text) {
  return text.split('\n').filter((line) => line.trim() && !line.startsWith('#')).map(fromLine);
}

export function summarize(events) {
  const counts = {};
  for (const e of events) counts[e.t] = (counts[e.t] || 0) + 1;
  return Object.keys(counts).sort().map((k) => `${k} ${counts[k]}`).join(', ');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  if (option('--seed') !== undefined) process.env.MONKEY_SEED = option('--seed');
  if (option('--events') !== undefined) process.env.MONKEY_EVENTS = option('--events');
  let seed, count;
  try {
    seed = seedFromEnv();
    count = countFromEnv();
  } catch (error) {
    console.error(`error: ${error.message}`);
    process.exit(2);
  }
  const scenes = (option('--scenes') || '').split(',').filter(Boolean);
  if (scenes.length === 0) {
    console.error('usage: node monkey_stream.mjs --scenes NAME,NAME,... [--seed N] [--events N] [--out FILE]');
    process.exit(2);
  }
  const events = generate(seed, count, scenes);
  const text = `# monkey seed ${seed}, ${count} events\n` + events.map(toLine).join('\n') + '\n';
  const out = option('--out');
  if (out) writeFileSync(out, text); else process.stdout.write(text);
  console.error(`monkey seed: ${seed} (${count} events: ${summarize(events)})`);
}
