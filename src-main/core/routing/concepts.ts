// Concept features: words that mean the same thing in different languages ("search", "cherche",
// "buscar", "suche", "搜索") fire one shared feature, so what the model learns about a concept from
// requests in one language carries over to the others; and a few shapes (a URL, a file name, code)
// that no n-gram captures well. Cues are general vocabulary, not copied from the data set.
// A Latin cue ending in '*' matches any word that starts with it; CJK cues match as substrings.
import { fnv1a } from './hash.js';

// A table read by people: one concept a line (prettier would put every cue on a line of its own).
// prettier-ignore
export const CONCEPTS: Readonly<Record<string, readonly string[]>> = {
  search: [
    'search*', 'google*', 'look up', 'lookup', 'find out', 'research*',
    'cherche*', 'recherch*', 'trouve*',
    'busca*', 'búsqueda', 'averigua*', 'investiga*',
    'such*', 'recherchier*', 'finde*', 'herausfind*',
    '搜索', '搜一下', '查一下', '查找', '查询', '检索', '検索', '調べ',
  ],
  online: [
    'web', 'website*', 'internet', 'online', 'browse*', 'browser', 'site', 'page', 'webpage', 'news', 'latest', 'current*', 'today', 'price*',
    'en ligne', 'navigat*', 'actualit*', 'prix', 'aujourd', 'dernièr*', 'derniers', 'récent*',
    'en línea', 'página', 'sitio', 'noticias', 'precio*', 'hoy', 'últim*', 'actual*',
    'webseite*', 'seite', 'nachricht*', 'aktuell*', 'preis*', 'heute', 'neueste*',
    '网上', '网站', '网页', '上网', '浏览', '新闻', '最新', '价格', '今天', '在线', 'ウェブ', 'ニュース', '最新の',
  ],
  file: [
    'file*', 'folder*', 'director*', 'disk', 'drive', 'document*', 'rename*', 'move', 'copy', 'delete', 'path', 'desktop', 'downloads',
    'fichier*', 'dossier*', 'répertoire*', 'disque', 'renomm*', 'déplac*', 'copie*', 'supprim*', 'bureau', 'téléchargements',
    'archivo*', 'fichero*', 'carpeta*', 'directorio*', 'disco', 'renombr*', 'mueve', 'mover', 'copia*', 'borra*', 'elimina*', 'escritorio', 'descargas',
    'datei*', 'ordner*', 'verzeichnis*', 'festplatte', 'umbenenn*', 'verschieb*', 'kopier*', 'lösch*', 'schreibtisch', 'dokument*',
    '文件', '文件夹', '目录', '硬盘', '磁盘', '重命名', '移动', '复制', '删除', '桌面', '下载', 'ファイル', 'フォルダ',
  ],
  code: [
    'code', 'coding', 'script*', 'function*', 'program*', 'bug*', 'compil*', 'debug*', 'refactor*', 'regex*', 'class', 'implement*', 'algorithm*', 'unit test*',
    'python', 'javascript', 'typescript', 'bash', 'java', 'golang', 'rust', 'sql', 'json', 'api',
    'fonction*', 'programm*', 'compil*', 'algorithme*', 'implément*', 'corrig*',
    'código', 'función', 'funciones', 'programa*', 'algoritmo*', 'implementa*', 'depura*',
    'funktion*', 'programmier*', 'skript*', 'fehler*', 'algorithmus',
    '代码', '脚本', '函数', '程序', '编程', '编译', '调试', '算法', '重构', '正则', 'コード', 'スクリプト', '関数', 'プログラム',
  ],
  connector: [
    'mcp', 'server', 'calendar*', 'meeting*', 'email*', 'mail*', 'inbox', 'slack', 'github', 'jira', 'notion', 'trello', 'asana', 'database', 'todo*', 'tasks', 'ticket*', 'issue*', 'reminder*',
    'serveur*', 'calendrier', 'agenda', 'réunion*', 'courriel*', 'rappel*', 'tâches', 'base de données',
    'servidor*', 'calendario', 'reunión*', 'reuniones', 'correo*', 'recordatorio*', 'tareas',
    'kalender', 'termin*', 'besprechung*', 'posteingang', 'erinnerung*', 'aufgaben', 'datenbank',
    '服务器', '日历', '日程', '会议', '邮件', '邮箱', '提醒', '待办', '任务', '数据库', 'カレンダー', '会議', 'メール',
  ],
  sequence: [
    'then', 'and then', 'after that', 'afterwards', 'finally', 'next', 'once', 'both', 'also',
    'puis', 'ensuite', 'après', 'enfin', 'et aussi',
    'luego', 'después', 'y después', 'finalmente', 'también',
    'dann', 'danach', 'anschließend', 'schließlich', 'und dann', 'außerdem',
    '然后', '之后', '接着', '最后', '再把', '并且', '同时', 'そして', 'それから', 'その後',
  ],
  chat: [
    'joke*', 'feel*', 'think', 'opinion*', 'advice', 'story', 'poem', 'hello', 'thanks', 'thank', 'how are you', 'bored',
    'blague*', 'sens', 'penses', 'avis', 'conseil*', 'histoire', 'poème', 'merci', 'bonjour',
    'chiste*', 'siento', 'piensas', 'opinión', 'consejo*', 'historia', 'poema', 'gracias', 'hola',
    'witz*', 'fühle', 'denkst', 'meinung', 'rat', 'geschichte', 'gedicht', 'danke', 'hallo',
    '笑话', '觉得', '感觉', '建议', '故事', '诗', '谢谢', '你好', '聊天', '冗談', 'ありがとう',
  ],
};

/** Shapes in the raw text (before normalisation changes digits). */
export const SHAPES: Readonly<Record<string, RegExp>> = {
  url: /\bhttps?:\/\/|\bwww\.|\b[\w-]+\.(?:com|org|net|io|dev|fr|de|es|cn|co)\b/i,
  path: /(?:^|[\s"'(])(?:~|\.{1,2})?\/[\w.-]+|[a-z]:\\/i,
  fileName: /\b[\w-]+\.(?:txt|md|pdf|docx?|xlsx?|csv|json|ya?ml|py|js|ts|go|java|c|h|cpp|sh|png|jpe?g|zip|log|html?|toml|ini|mp3|mp4)\b/i,
  codeSymbols: /[{};]|=>|==|\(\)|\bdef |\bimport |\bfunction\b|\breturn\b|#include|```/,
  email: /\b[\w.+-]+@[\w-]+\.[\w.]+\b/,
};

/** Fingerprint of the lexicon above: saved with a model, so a changed lexicon shows as a stale model. */
export const CONCEPT_LEXICON_ID = `fnv1a-${fnv1a(JSON.stringify([CONCEPTS, Object.entries(SHAPES).map(([k, v]) => [k, v.source, v.flags])]))
  .toString(16)
  .padStart(8, '0')}`;

const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

interface CompiledCue {
  concept: string;
  words: string[];
  /** The last word may be followed by more letters. */
  prefix: boolean;
}

const compiled = Object.entries(CONCEPTS).flatMap(([concept, cues]) =>
  cues.map((cue) => ({ concept, words: cue.replace(/\*$/, '').split(' '), prefix: cue.endsWith('*'), cjk: SPACELESS.test(cue) })),
);
/** Cues matched from their first word exactly. */
const BY_FIRST_WORD = new Map<string, CompiledCue[]>();
/** Single-word prefix cues, by their stem. */
const BY_STEM = new Map<string, CompiledCue[]>();
/** CJK cues, matched as substrings (those scripts have no spaces). */
const CJK_CUES: CompiledCue[] = [];
for (const { cjk, ...cue } of compiled) {
  if (cjk) CJK_CUES.push(cue);
  else if (cue.prefix && cue.words.length === 1) BY_STEM.set(cue.words[0]!, [...(BY_STEM.get(cue.words[0]!) ?? []), cue]);
  else BY_FIRST_WORD.set(cue.words[0]!, [...(BY_FIRST_WORD.get(cue.words[0]!) ?? []), cue]);
}

function matchesAt(cue: CompiledCue, tokens: readonly string[], at: number): boolean {
  const last = cue.words.length - 1;
  return cue.words.every((w, k) => {
    const token = tokens[at + k];
    return token !== undefined && (k === last && cue.prefix ? token.startsWith(w) : token === w);
  });
}

/**
 * The concepts present in a request, once per matching cue. `normalized` and `tokens` come from the
 * featurizer; `raw` is the original text (for the shapes).
 */
export function findConcepts(raw: string, normalized: string, tokens: readonly string[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    for (const cue of BY_FIRST_WORD.get(token) ?? []) if (matchesAt(cue, tokens, i)) found.push(cue.concept);
    for (let length = 1; length <= token.length; length++) {
      for (const cue of BY_STEM.get(token.slice(0, length)) ?? []) found.push(cue.concept);
    }
  }
  if (SPACELESS.test(normalized)) for (const cue of CJK_CUES) if (normalized.includes(cue.words[0]!)) found.push(cue.concept);
  for (const [shape, pattern] of Object.entries(SHAPES)) if (pattern.test(raw)) found.push(`shape:${shape}`);
  return found;
}
