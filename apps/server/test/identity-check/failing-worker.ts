/** A pool worker that fails the way real ones can: it dies, or it never answers. */
export default async function failing(task: { kind: string }): Promise<never> {
  if (task.kind === 'document_front') process.exit(3);
  return new Promise<never>(() => {});
}
