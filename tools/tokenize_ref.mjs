// Reference tokenization for the parity tests: encodes each string of a JSON array with
// @huggingface/tokenizers (no special tokens added) and prints the id lists as JSON.
// usage: node tokenize_ref.mjs tokenizer.json tokenizer_config.json strings.json
import { Tokenizer } from "@huggingface/tokenizers";
import fs from "fs";

const [, , tokenizerPath, configPath, inputPath, repeat] = process.argv;
const tokenizer = new Tokenizer(
  JSON.parse(fs.readFileSync(tokenizerPath, "utf8")),
  configPath === "-" ? {} : JSON.parse(fs.readFileSync(configPath, "utf8")),
);
const strings = JSON.parse(fs.readFileSync(inputPath, "utf8"));
const encode = () => strings.map((s) => tokenizer.encode(s, { add_special_tokens: false }).ids);
let ids = encode();
// With a repeat count, time the encoding (after one warm-up pass) and report bytes per second.
if (repeat) {
  const bytes = strings.reduce((n, s) => n + Buffer.byteLength(s, "utf8"), 0);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < Number(repeat); ++i) ids = encode();
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  console.error(JSON.stringify({ bytes: bytes * Number(repeat), seconds: secs }));
}
process.stdout.write(JSON.stringify(ids));
