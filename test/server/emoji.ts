import { ChatServer } from './core';
import { badRequest } from './errors';

/**
 * Unicode emoji names the server knows (name → dash-separated code points, as `emoji_code`).
 * The real service accepts every standard emoji; this is a wide selection of the common ones (and
 * a few aliases), enough that statuses and reactions a user picks are not refused by the demo.
 */
export const UNICODE_EMOJI: Record<string, string> = {
  // Faces
  grinning: '1f600', smiley: '1f603', smile: '1f604', grin: '1f601', laughing: '1f606', sweat_smile: '1f605',
  joy: '1f602', rofl: '1f923', slight_smile: '1f642', upside_down: '1f643', wink: '1f609', blush: '1f60a',
  innocent: '1f607', heart_eyes: '1f60d', star_struck: '1f929', kissing_heart: '1f618', yum: '1f60b',
  stuck_out_tongue: '1f61b', zany_face: '1f92a', money_mouth: '1f911', hugging: '1f917', shushing: '1f92b',
  thinking: '1f914', zipper_mouth: '1f910', raised_eyebrow: '1f928', neutral: '1f610', expressionless: '1f611',
  no_mouth: '1f636', smirk: '1f60f', unamused: '1f612', rolling_eyes: '1f644', grimacing: '1f62c',
  relieved: '1f60c', pensive: '1f614', sleepy: '1f62a', drooling: '1f924', sleeping: '1f634', mask: '1f637',
  sick: '1f912', nerd: '1f913', sunglasses: '1f60e', confused: '1f615', worried: '1f61f', slight_frown: '1f641',
  frown: '2639', open_mouth: '1f62e', astonished: '1f632', flushed: '1f633', pleading: '1f97a', fearful: '1f628',
  cold_sweat: '1f630', cry: '1f622', sob: '1f62d', scream: '1f631', confounded: '1f616', disappointed: '1f61e',
  sweat: '1f613', weary: '1f629', tired: '1f62b', yawning: '1f971', triumph: '1f624', rage: '1f621',
  angry: '1f620', skull: '1f480', poop: '1f4a9', clown: '1f921', ghost: '1f47b', alien: '1f47d', robot: '1f916',
  exploding_head: '1f92f', partying_face: '1f973', cowboy: '1f920',
  // Hands and people
  '+1': '1f44d', thumbs_up: '1f44d', '-1': '1f44e', thumbs_down: '1f44e', ok_hand: '1f44c', wave: '1f44b',
  clap: '1f44f', raised_hands: '1f64c', pray: '1f64f', muscle: '1f4aa', point_up: '261d', point_right: '1f449',
  point_left: '1f448', point_down: '1f447', fist: '270a', punch: '1f44a', v: '270c', crossed_fingers: '1f91e',
  handshake: '1f91d', writing_hand: '270d', raised_hand: '270b', call_me: '1f919', metal: '1f918',
  open_hands: '1f450', facepalm: '1f926', shrug: '1f937', eyes: '1f440', walking: '1f6b6', running: '1f3c3',
  // Hearts and symbols
  heart: '2764', orange_heart: '1f9e1', yellow_heart: '1f49b', green_heart: '1f49a', blue_heart: '1f499',
  purple_heart: '1f49c', black_heart: '1f5a4', broken_heart: '1f494', sparkling_heart: '1f496', '100': '1f4af',
  sparkles: '2728', star: '2b50', glowing_star: '1f31f', zap: '26a1', fire: '1f525', boom: '1f4a5', check: '2705',
  check_mark: '2714', x: '274c', warning: '26a0', no_entry: '26d4', question: '2753', exclamation: '2757',
  bangbang: '203c', heavy_plus_sign: '2795', hourglass: '231b', stopwatch: '23f1', alarm_clock: '23f0',
  zzz: '1f4a4', speech_balloon: '1f4ac', thought_balloon: '1f4ad', bell: '1f514', mute: '1f507',
  // Objects, work and play
  lock: '1f512', unlock: '1f513', key: '1f511', link: '1f517', bulb: '1f4a1', memo: '1f4dd', pencil: '270f',
  calendar: '1f4c6', date: '1f4c5', clipboard: '1f4cb', pushpin: '1f4cc', paperclip: '1f4ce',
  chart_increasing: '1f4c8', chart_decreasing: '1f4c9', bar_chart: '1f4ca', books: '1f4da', book: '1f4d6',
  email: '1f4e7', envelope: '2709', inbox_tray: '1f4e5', outbox_tray: '1f4e4', package: '1f4e6', mag: '1f50d',
  wrench: '1f527', hammer: '1f528', gear: '2699', working_on_it: '1f6e0', tools: '1f6e0', shield: '1f6e1',
  bug: '1f41b', computer: '1f4bb', keyboard: '2328', desktop: '1f5a5', phone: '1f4f1', telephone: '260e',
  headphones: '1f3a7', camera: '1f4f7', tv: '1f4fa', battery: '1f50b', electric_plug: '1f50c',
  floppy_disk: '1f4be', cd: '1f4bf', trophy: '1f3c6', medal: '1f3c5', dart: '1f3af', direct_hit: '1f3af',
  game_die: '1f3b2', video_game: '1f3ae', soccer: '26bd', basketball: '1f3c0', musical_note: '1f3b5',
  guitar: '1f3b8', art: '1f3a8', movie_camera: '1f3a5', gift: '1f381', balloon: '1f388', tada: '1f389',
  confetti_ball: '1f38a', christmas_tree: '1f384', jack_o_lantern: '1f383',
  // Travel and places
  car: '1f697', bus: '1f68c', train: '1f686', metro: '1f687', taxi: '1f695', truck: '1f69a', bike: '1f6b2',
  scooter: '1f6f4', airplane: '2708', rocket: '1f680', ship: '1f6a2', sailboat: '26f5', house: '1f3e0',
  office: '1f3e2', hospital: '1f3e5', school: '1f3eb', earth_africa: '1f30d', world_map: '1f5fa',
  mountain: '26f0', beach: '1f3d6', palm_tree: '1f334', tent: '26fa', construction: '1f6a7',
  traffic_light: '1f6a5', stop_sign: '1f6d1',
  // Weather and plants
  sunny: '2600', cloud: '2601', umbrella: '2602', snowflake: '2744', rainbow: '1f308', snowman: '2603',
  crescent_moon: '1f319', tulip: '1f337', rose: '1f339', sunflower: '1f33b', evergreen_tree: '1f332',
  seedling: '1f331', four_leaf_clover: '1f340', maple_leaf: '1f341', cactus: '1f335',
  // Animals
  dog: '1f436', cat: '1f431', mouse: '1f42d', rabbit: '1f430', fox: '1f98a', bear: '1f43b', panda: '1f43c',
  koala: '1f428', tiger: '1f42f', lion: '1f981', cow: '1f42e', pig: '1f437', frog: '1f438', monkey: '1f412',
  chicken: '1f414', penguin: '1f427', bird: '1f426', owl: '1f989', unicorn: '1f984', bee: '1f41d',
  butterfly: '1f98b', snail: '1f40c', turtle: '1f422', snake: '1f40d', octopus: '1f419', fish: '1f41f',
  whale: '1f433', dolphin: '1f42c', crab: '1f980', sloth: '1f9a5', duck: '1f986',
  // Food and drink
  coffee: '2615', coffee_cup: '2615', tea: '1f375', beer: '1f37a', beers: '1f37b', wine_glass: '1f377',
  cake: '1f370', birthday: '1f382', cookie: '1f36a', pizza: '1f355', hamburger: '1f354', fries: '1f35f',
  taco: '1f32e', burrito: '1f32f', sushi: '1f363', ramen: '1f35c', spaghetti: '1f35d', apple: '1f34e',
  banana: '1f34c', cherries: '1f352', strawberry: '1f353', grapes: '1f347', watermelon: '1f349', lemon: '1f34b',
  peach: '1f351', avocado: '1f951', popcorn: '1f37f', doughnut: '1f369', ice_cream: '1f368',
  chocolate_bar: '1f36b', bread: '1f35e', cheese: '1f9c0', egg: '1f95a', salad: '1f957', sandwich: '1f96a',
};

const UNICODE_CODES = new Set(Object.values(UNICODE_EMOJI));

/**
 * Validate an emoji triple as the service does for reactions and statuses; returns the
 * (possibly looked-up) code and internal reaction type.
 */
export function checkEmoji(srv: ChatServer, name: string, code: string | undefined, type: string | undefined): { code: string; type: string } {
  const t = type ?? (code === undefined ? guessType(srv, name) : 'unicode_emoji');
  if (t === 'unicode_emoji') {
    const known = UNICODE_EMOJI[name];
    if (code === undefined) {
      if (!known) throw badRequest(`Emoji '${name}' does not exist`);
      return { code: known, type: t };
    }
    if (!/^[0-9a-f]+(-[0-9a-f]+)*$/.test(code) || !UNICODE_CODES.has(code)) throw badRequest('Invalid emoji code.');
    if (known && known !== code) throw badRequest('Invalid emoji name.');
    if (!known) throw badRequest('Invalid emoji name.');
    return { code, type: t };
  }
  if (t === 'realm_emoji') {
    const byCode = code !== undefined ? srv.state.realmEmoji.get(code) : [...srv.state.realmEmoji.values()].find((e) => e.name === name);
    if (!byCode || byCode.deactivated) throw badRequest('Invalid custom emoji.');
    if (byCode.name !== name) throw badRequest('Invalid custom emoji name.');
    return { code: byCode.id, type: t };
  }
  if (t === srv.extraEmojiType) {
    if (name !== 'zulip' || (code !== undefined && code !== 'zulip')) throw badRequest('Invalid emoji code.');
    return { code: 'zulip', type: 'extra_emoji' };
  }
  throw badRequest('Invalid reaction_type', 'REQUEST_VARIABLE_INVALID', { var_name: 'reaction_type' });
}

function guessType(srv: ChatServer, name: string): string {
  if (UNICODE_EMOJI[name]) return 'unicode_emoji';
  if ([...srv.state.realmEmoji.values()].some((e) => e.name === name && !e.deactivated)) return 'realm_emoji';
  if (name === 'zulip') return srv.extraEmojiType;
  return 'unicode_emoji';
}
