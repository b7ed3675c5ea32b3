import { connect } from 'node:net';

/**
 * For tests of either server: writes raw bytes to the server on loopback `port` and resolves with
 * everything it answers until it closes (for what an HTTP client would refuse to send).
 */
export function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/**
 * For tests of either server: a point where a handler waits for the test. `arrived` resolves once
 * a handler waits there (`await hold.wait()`), which goes on after `release()`.
 */
export function holdPoint() {
  let arrive = () => {};
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    arrived,
    release,
    wait: async () => {
      arrive();
      await released;
    },
  };
}
