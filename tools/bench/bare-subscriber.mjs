// The bare baseline of "one event per MQTT message" (tools/bench/ingest.mjs): an mqtt.js client process subscribed at
// QoS 1 to one topic (MQTT 5, the receive maximum the server's collector asks, apps/server/src/broker/mqtt-bus.ts); prints "ready" once subscribed, then, when it has received `count` messages, one JSON line with
// the wall-clock time (Date.now()) of the last one. Usage: node tools/bench/bare-subscriber.mjs <url> <topic> <count>
import mqtt from 'mqtt';

const [url, topic, count] = process.argv.slice(2);
const client = await mqtt.connectAsync(url, {
  clean: true,
  clientId: `bare-sub-${process.pid}`,
  protocolVersion: 5,
  properties: { receiveMaximum: 65_535 },
});
let received = 0;
client.on('message', () => {
  received += 1;
  if (received === Number(count)) {
    console.log(JSON.stringify({ received, at: Date.now() }));
    void client.endAsync().then(() => process.exit(0));
  }
});
await client.subscribeAsync(topic, { qos: 1 });
console.log('ready');
