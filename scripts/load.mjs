// `npm run load`: the load test (tests/load/run.mjs). Not part of `npm test`.
import '../tests/load/run.mjs';
