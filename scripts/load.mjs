// `npm run load`: the load test of issue 5 (tests/load/run.mjs). Not part of `npm test`.
import '../tests/load/run.mjs';
