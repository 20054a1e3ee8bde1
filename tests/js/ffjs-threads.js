// ffjavascript (and so snarkjs) starts one WebAssembly worker per entry of os.cpus() when it builds a curve, and has
// no setting for it. To run on N threads, os.cpus() reports N entries while the curve is built: its thread manager
// reads the count then, and only then. N = 1 is ffjavascript's single-threaded build instead (no workers at all).
"use strict";
const os = require("os");

async function withThreads(threads, build) {
    if (!Number.isInteger(threads) || threads < 1 || threads > 64) {
        throw new Error(`threads must be an integer in [1, 64] (ffjavascript's limit), not ${threads}`);
    }
    const cpus = os.cpus;
    const one = cpus()[0];
    os.cpus = () => Array.from({ length: threads }, () => one);
    try {
        return await build(threads === 1);
    } finally {
        os.cpus = cpus;
    }
}

/** @return the worker count of a curve ffjavascript built (1 for its single-threaded build). */
function threadsOf(curve) {
    return curve.tm.concurrency;
}

module.exports = { withThreads, threadsOf };
