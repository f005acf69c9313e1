"""The save file's tools: histories, replays, Poker Hand History, the fuzzer."""
