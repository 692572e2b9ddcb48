// The help-centre feedback widget (§1, §2): one dialog in the app frame that the profile menu's
// and the assistant's 'Feedback geben' open. Anyone may call `openFeedback()`.
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
