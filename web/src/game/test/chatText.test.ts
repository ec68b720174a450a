// The Chat tab's reading of a message: mentions found as the service finds them
// (services/game/chat_text.cc), and the length the service counts.
import assert from "node:assert/strict";
import { test } from "node:test";

import { chatLength, chatPieces, chatProblem, chatTime } from "../chatText";

const names = ["Asha", "Bram", "Bram Stoker"];

test("a player's name after @ is a mention in any case, the longest name first, and @all too", () => {
  assert.deepEqual(chatPieces("hi @bram stoker and @ASHA, @all!", names), [
    { text: "hi ", mention: false },
    { text: "@bram stoker", mention: true },
    { text: " and ", mention: false },
    { text: "@ASHA", mention: true },
    { text: ", ", mention: false },
    { text: "@all", mention: true },
    { text: "!", mention: false },
  ]);
});

test("no mention inside a word, of a longer word, or of a stranger", () => {
  assert.deepEqual(chatPieces("mail@asha @Ashanti @zed", names), [{ text: "mail@asha @Ashanti @zed", mention: false }]);
});

test("markup stays text: the pieces are the characters written", () => {
  const pieces = chatPieces("<script>alert(1)</script> @Asha", names);
  assert.equal(pieces.map((p) => p.text).join(""), "<script>alert(1)</script> @Asha");
});

test("the length is code points after trimming, and too long or empty is said in words", () => {
  assert.equal(chatLength("  🚂🚂 "), 2);
  assert.equal(chatProblem("   "), "Write something first.");
  assert.equal(chatProblem("x".repeat(501)), "Too long: 501 characters, at most 500.");
  assert.equal(chatProblem("🚂".repeat(500)), "");
  assert.match(chatProblem("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk"), /Too many lines: 11/);
});

test("a message's time is short: the time today, the day and time before", () => {
  const now = new Date(2026, 11, 7, 20, 0);
  assert.equal(chatTime(BigInt(new Date(2026, 11, 7, 14, 5).getTime()), now), "14:05");
  assert.equal(chatTime(BigInt(new Date(2026, 11, 6, 9, 30).getTime()), now), "6 Dec 09:30");
  assert.equal(chatTime(0n, now), "");
});
