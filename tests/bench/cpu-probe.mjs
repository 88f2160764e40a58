// Preloaded (`node --import`) into each server process the bench starts, never by the product's own code:
// answers the bench's IPC question with the process's own CPU time (process.cpuUsage(): user + system,
// all threads, in microseconds), exact where /proc/<pid>/stat counts in clock ticks. A production BFF has
// no IPC channel, so this adds nothing to it or to its routes.
if (process.send) {
  process.on('message', (message) => {
    if (message !== 'cpu-usage') return;
    const { user, system } = process.cpuUsage();
    process.send({ cpuUsage: user + system });
  });
  // the channel must not keep a server alive once it has stopped listening
  process.channel?.unref();
}
