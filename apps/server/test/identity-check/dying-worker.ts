// A pool worker that dies while starting, before it can take a task (a broken install, no memory).
throw new Error('this worker could not start');
