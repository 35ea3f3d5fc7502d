/**
 * One picture's way through the quick check, as a pure reducer: picked, checked, then accepted or asked
 * for again. The server counts the tries too: from the last one it stores a picture that still fails
 * (the report then goes to a person's review), so a candidate with a worn card or an old phone can
 * still finish the form.
 */
export type Problem = { code: string; message: string };

type Base = { tries: number; problems: readonly Problem[]; preview: string | null };

export type SlotState =
  | (Base & { status: 'empty' })
  | (Base & { status: 'checking' })
  | (Base & { status: 'retake' })
  | (Base & {
      status: 'accepted';
      pictureId: string;
      /** Stored although its quick check failed (the last try): the report will go to review. */
      forced: boolean;
    })
  | (Base & { status: 'error'; error: unknown });

export type CheckAnswer =
  | { accepted: true; pictureId: string; problems: readonly Problem[] }
  | { accepted: false; problems: readonly Problem[] };

export type SlotAction =
  | { type: 'picked'; preview: string | null }
  | { type: 'checked'; answer: CheckAnswer }
  | { type: 'failed'; error: unknown };

export const emptySlot: SlotState = { status: 'empty', tries: 0, problems: [], preview: null };

export function slotReducer(state: SlotState, action: SlotAction): SlotState {
  switch (action.type) {
    case 'picked':
      return { status: 'checking', tries: state.tries, problems: [], preview: action.preview };
    case 'checked': {
      const { answer } = action;
      const tries = state.tries + 1;
      if (answer.accepted)
        return {
          status: 'accepted',
          tries,
          problems: answer.problems,
          preview: state.preview,
          pictureId: answer.pictureId,
          forced: answer.problems.length > 0,
        };
      return { status: 'retake', tries, problems: answer.problems, preview: state.preview };
    }
    case 'failed':
      // A refused file (not an image, too large) or a lost connection is not a try: nothing was checked.
      return { status: 'error', tries: state.tries, problems: [], preview: null, error: action.error };
  }
}

/** The try a new picture of this slot is (1, 2, 3…), as the server counts them. */
export const nextAttempt = (s: SlotState) => s.tries + 1;
