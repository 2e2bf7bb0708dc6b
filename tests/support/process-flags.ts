/**
 * V8 flags of the Node processes a test run starts: the test files' own (`scripts/test.ts`) and
 * the server processes tests start (`server/src/main.ts`, for what only a process of its own
 * shows: signals, a kill mid-write, a refused configuration, memory, several servers side by
 * side). `--liftoff-only`: PGlite's WebAssembly runs on V8's baseline compiler alone. By default
 * V8 also recompiles the functions that get hot with its optimising compiler, on background
 * threads, and a test's process is too short-lived to earn that back: a server boot spent about
 * 1 s of its 2 s of CPU there. Measured on this machine: the fast tiers 23.0 → 19.5 s, and less
 * CPU for integration and browser files alike (decision 447); a server process's boot on the
 * boot fixture, 2.25 → 1.5 s of CPU (decision 464). The same code runs, with the same results.
 */
export const testProcessFlags = ['--liftoff-only'];
