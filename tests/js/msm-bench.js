// Times ffjavascript's G1 multiExpAffine (the WebAssembly MSM inside snarkjs) for BLS12-381 on inputs jprove wrote,
// so both run on the same points and scalars on the same machine.
//   node msm-bench.js POINTS SCALARS REPEAT THREADS
// POINTS: n affine G1 points, 96 bytes each: x then y, 48-byte little-endian Montgomery form (R = 2^384), infinity
// all-zero -- jprove's G1AffineVector layout, which is also ffjavascript's affine "LEM" form.
// SCALARS: n canonical little-endian 32-byte scalars.
// THREADS: ffjavascript's worker count (see ffjs-threads.js), so both sides of a comparison run on as many threads.
// Prints one JSON line: {"n":..,"threads":..,"ms":[..],"x":"0x..","y":"0x..","infinity":bool}, the result in
// canonical form and threads the count ffjavascript really started.
"use strict";
const fs = require("fs");
const { buildBls12381 } = require("ffjavascript");
const { withThreads, threadsOf } = require("./ffjs-threads.js");

async function main() {
    const [pointsPath, scalarsPath, repeatArg, threadsArg] = process.argv.slice(2);
    if (!pointsPath || !scalarsPath || !threadsArg) {
        console.error("usage: node msm-bench.js POINTS SCALARS REPEAT THREADS");
        process.exit(2);
    }
    const repeat = Number(repeatArg || 3);
    const points = new Uint8Array(fs.readFileSync(pointsPath));
    const scalars = new Uint8Array(fs.readFileSync(scalarsPath));
    if (points.length % 96 !== 0 || scalars.length % 32 !== 0 || points.length / 96 !== scalars.length / 32) {
        console.error(`size mismatch: ${points.length} bytes of points, ${scalars.length} bytes of scalars`);
        process.exit(2);
    }
    const n = points.length / 96;
    const curve = await withThreads(Number(threadsArg), (singleThread) => buildBls12381(singleThread));
    const G1 = curve.G1;
    const ms = [];
    let result = null;
    for (let i = 0; i < repeat; i++) {
        const start = process.hrtime.bigint();
        result = await G1.multiExpAffine(points, scalars);
        ms.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const affine = G1.toAffine(result);
    const out = { n, threads: threadsOf(curve), ms, infinity: G1.isZero(affine) };
    if (!out.infinity) {
        const obj = G1.toObject(affine);
        out.x = "0x" + obj[0].toString(16);
        out.y = "0x" + obj[1].toString(16);
    }
    console.log(JSON.stringify(out));
    await curve.terminate();
}

main().catch((e) => {
    console.error(e);
    process.exit(1);
});
