import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { resolveConfig } from './config.ts';
import { pushSender } from './push.ts';

const keys = webpush.generateVAPIDKeys();
const config = (env: Record<string, string>, pushServiceOrigins?: string[]) =>
  resolveConfig({
    dataDir: '/tmp/unused',
    env,
    ...(pushServiceOrigins ? { pushServiceOrigins } : {}),
  });

describe('push reminders configuration', () => {
  it('takes both VAPID keys or neither, each well-formed', () => {
    expect(() => config({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
    );
    expect(() =>
      config({ VAPID_PUBLIC_KEY: keys.publicKey.slice(1), VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY/);
    expect(
      config({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }).vapidKeys,
    ).toEqual(keys);
    expect(config({}).vapidKeys).toBeUndefined();
  });

  it('signs as the https front door, else as the sender, unless VAPID_SUBJECT says', () => {
    expect(config({}).vapidSubject).toBe('mailto:no-reply@localhost');
    expect(config({ TRACKER_PUBLIC_URL: 'https://members.example.org/' }).vapidSubject).toBe(
      'https://members.example.org',
    );
    expect(config({ VAPID_SUBJECT: 'mailto:ops@example.org' }).vapidSubject).toBe(
      'mailto:ops@example.org',
    );
    expect(() => config({ VAPID_SUBJECT: 'ops@example.org' })).toThrow(/VAPID_SUBJECT/);
  });

  it('posts only to the listed push services over https, or to an origin a test allows', () => {
    const sender = pushSender(
      config({ PUSH_SERVICE_HOSTS: 'push.example.net' }, ['http://127.0.0.1:9']),
      keys,
    );
    expect(sender.allows('https://push.example.net/x')).toBe(true);
    expect(sender.allows('https://eu.push.example.net/x')).toBe(true);
    expect(sender.allows('http://127.0.0.1:9/x')).toBe(true);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/x',
      'http://push.example.net/x',
      'https://push.example.net:444/x',
      'https://a:b@push.example.net/x',
      'https://evilpush.example.net/x',
      'https://push.example.net.evil.example/x',
      'http://127.0.0.1:10/x',
      'https://127.0.0.1/x',
      'not a url',
    ]) {
      expect(sender.allows(endpoint), endpoint).toBe(false);
    }
  });
});
