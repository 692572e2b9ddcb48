// A one-shot message handed from one screen to the next (e.g. a failed email verification to
// /verify), kept out of the URL so nobody can put words into our banners.
import { create } from 'zustand';

export type Flash = { tone: 'error' | 'success' | 'info'; message: string };

type FlashState = { flash: Flash | null; show: (flash: Flash) => void; clear: () => void };

export const useFlash = create<FlashState>((set) => ({
  flash: null,
  show: (flash) => set({ flash }),
  clear: () => set({ flash: null }),
}));
