import { describe, expect, it } from 'vitest';
import { proposeSchedule } from './fromChat.js';
import { atRule, dailyRule, everyRule, weeklyRule } from './when.js';

describe('proposeSchedule: requests that ask for a schedule', () => {
  it.each([
    ['every day at 08:00 summarise notes.md', 'summarise notes.md', { daily: '08:00' }],
    ['Every morning at 8, summarise the news on these three sites into today.md', 'summarise the news on these three sites into today.md', { daily: '08:00' }],
    ['every morning summarise my inbox.txt', 'summarise my inbox.txt', { daily: '08:00' }],
    ['Every evening at 7 back up the notes folder', 'back up the notes folder', { daily: '19:00' }],
    ['daily at 6:30pm list the files changed today', 'list the files changed today', { daily: '18:30' }],
    ['Please check the build page every day at 9am.', 'check the build page', { daily: '09:00' }],
    ['remind me to water the plants every day at 18:00', 'water the plants', { daily: '18:00' }],
    [
      'Every Friday, clean the downloads folder of files older than 30 days and tell me what went',
      'clean the downloads folder of files older than 30 days and tell me what went',
      { weekly: 'fri 08:00' },
    ],
    ['every monday and thursday at 9:15 write a status report', 'write a status report', { weekly: 'mon,thu 09:15' }],
    ['every weekday at 17:00 commit the workspace', 'commit the workspace', { weekly: 'mon,tue,wed,thu,fri 17:00' }],
    ['every 2 hours check whether the site is up', 'check whether the site is up', { every: '2h' }],
    ['Every hour, fetch the exchange rate into rates.csv', 'fetch the exchange rate into rates.csv', { every: '1h' }],
    ['check disk space every 30 minutes', 'check disk space', { every: '30m' }],
    ['in two hours, check whether the build page shows green', 'check whether the build page shows green', { at: 'in 2h' }],
    ['Remind me in 45 minutes to stretch', 'stretch', { at: 'in 45m' }],
    ['remind me to call the garage in 2 hours', 'call the garage', { at: 'in 2h' }],
    ['tomorrow at 9 send me the weather for Lyon', 'send me the weather for Lyon', { at: 'tomorrow 09:00' }],
    ['tous les jours à 8h résume les notes', 'résume les notes', { daily: '08:00' }],
    ['chaque lundi à 9h30 fais le point sur le projet', 'fais le point sur le projet', { weekly: 'mon 09:30' }],
    ['toutes les 2 heures vérifie le site', 'vérifie le site', { every: '2h' }],
    ['dans 2 heures vérifie la compilation', 'vérifie la compilation', { at: 'in 2h' }],
    ['todos los días a las 8 resume las noticias', 'resume las noticias', { daily: '08:00' }],
    ['cada 3 horas revisa el servidor', 'revisa el servidor', { every: '3h' }],
  ])('%s', (text, request, when) => {
    const p = proposeSchedule(text);
    expect(p).not.toBeNull();
    expect(p!.request).toBe(request);
    expect(p!.when).toEqual(when);
    // What is proposed is what `schedule.create` accepts.
    const now = Date.UTC(2026, 11, 7, 12);
    if ('daily' in when) expect(dailyRule(when.daily).kind).toBe('daily');
    if ('weekly' in when) expect(weeklyRule(when.weekly).kind).toBe('weekly');
    if ('every' in when) expect(everyRule(when.every, now).kind).toBe('every');
    if ('at' in when) expect(atRule(when.at, 'Europe/Paris', now).kind).toBe('once');
  });

  it('says when in words the proposal shows', () => {
    expect(proposeSchedule('every day at 08:00 summarise notes.md')!.describe).toBe('every day at 08:00');
    expect(proposeSchedule('every friday at 5pm tidy the downloads folder')!.describe).toBe('every fri at 17:00');
    expect(proposeSchedule('in 2 hours check the build')!.describe).toMatch(/^once, in 2h/);
  });
});

describe('proposeSchedule: requests that only mention time', () => {
  it.each([
    'every time I run this it fails',
    'Every time I run npm test it fails with EADDRINUSE, can you fix it',
    'every day I get this error: ENOENT',
    'I get this error every day',
    'the build breaks every morning at 8',
    'How do I run a script every hour?',
    'Can you make a cron job that runs backup.sh every day at 2am?',
    'everyone in the team uses this repo, summarise its README',
    'summarise notes.md',
    'what will the weather be in two hours',
    'in the file notes.md, fix the typos',
    'write a function that runs every 5 minutes',
    'Finish the report in 2 hours',
    'translate this letter by tomorrow at 9',
    'every',
    '',
    'every day at 25:00 summarise notes',
    'every 10 seconds ping the server',
  ])('%s', (text) => {
    expect(proposeSchedule(text)).toBeNull();
  });
});
