// Times snarkjs's Groth16 prover warm: one node process, the key and witness read into memory once, WARMUP untimed
// proofs, then REPEAT timed ones (each from the in-memory files to the proof, as snarkjs.groth16.prove does it).
//   node prove-bench.js ZKEY WTNS REPEAT WARMUP THREADS
// THREADS: ffjavascript's worker count (see ffjs-threads.js), the same as the prover compared with.
// Prints one JSON line: {"threads":..,"ms":[..]}, threads the count ffjavascript really started.
"use strict";
const fs = require("fs");
const snarkjs = require("snarkjs");
const { buildBls12381 } = require("ffjavascript");
const { withThreads, threadsOf } = require("./ffjs-threads.js");

async function main() {
    const [zkeyPath, wtnsPath, repeatArg, warmupArg, threadsArg] = process.argv.slice(2);
    if (!zkeyPath || !wtnsPath || !repeatArg || !warmupArg || !threadsArg) {
        console.error("usage: node prove-bench.js ZKEY WTNS REPEAT WARMUP THREADS");
        process.exit(2);
    }
    const zkey = { type: "mem", data: new Uint8Array(fs.readFileSync(zkeyPath)) };
    const wtns = { type: "mem", data: new Uint8Array(fs.readFileSync(wtnsPath)) };
    const threads = Number(threadsArg);
    // snarkjs takes the curve ffjavascript keeps once built, so build it first on the threads asked for; the
    // single-threaded build is not kept, so for one thread snarkjs would build its own: refuse that rather than lie
    if (threads === 1) {
        throw new Error("snarkjs always builds ffjavascript's threaded curve: THREADS must be at least 2");
    }
    const curve = await withThreads(threads, (singleThread) => buildBls12381(singleThread));
    const ms = [];
    for (let i = 0; i < Number(warmupArg) + Number(repeatArg); i++) {
        const start = process.hrtime.bigint();
        const { proof } = await snarkjs.groth16.prove(zkey, wtns);
        if (!proof || !proof.pi_a) {
            throw new Error("snarkjs returned no proof");
        }
        if (i >= Number(warmupArg)) {
            ms.push(Number(process.hrtime.bigint() - start) / 1e6);
        }
    }
    console.log(JSON.stringify({ threads: threadsOf(curve), ms }));
    await curve.terminate();
}

main().catch((e) => {
    console.error(e);
    process.exit(1);
});
