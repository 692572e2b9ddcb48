// Whether the help-centre feedback widget (§1, §2, components/feedback-widget.tsx) is open: one
// dialog in the app frame that the profile menu's and the assistant's 'Feedback geben' open.
// Anyone may call `openFeedback()`. Named for what it holds, not after the widget (Entscheidung TST-3): two
// client files of one base name would give two chunks one name, and the precache picks by name.
import { create } from 'zustand';

type FeedbackWidget = {
  open: boolean;
  setOpen: (open: boolean) => void;
};

export const useFeedbackWidget = create<FeedbackWidget>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

/** Opens the feedback widget over the current page (the feedback records that page). */
export const openFeedback = () => useFeedbackWidget.getState().setOpen(true);
