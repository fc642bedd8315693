import { create } from 'zustand';
import type { Announcement } from '@app/contracts';

/** Spec §2 modals: one discriminated union, one host. */
export type ModalState =
  | { kind: 'login'; mode?: LoginMode }
  | { kind: 'register' }
  | { kind: 'forgotPassword' }
  /** `forced`: the weak/expired-password session of spec §4 (no old password asked). */
  | { kind: 'changePassword'; forced?: boolean }
  | { kind: 'notice' }
  /**
   * Announcements to read one after another (issue 9): the popup group after a login (spec §4
   * after-login modal), or a banner's details.
   */
  | { kind: 'announcement'; items: Announcement[] }
  | {
      kind: 'dialog';
      titleKey: string;
      messageKey: string;
      confirmKey?: string;
      /** With a cancel key the dialog offers two buttons (logout confirmation, trial warning). */
      cancelKey?: string;
      onConfirm?: () => void;
    }
  | { kind: 'modal'; titleKey: string; messageKey: string };
export type ModalKind = ModalState['kind'];
/** Password, SMS code (type sms) or verification-code login (type firebase). */
export type LoginMode = 'password' | 'sms' | 'code';

export type PanelId = 'personal' | 'agent';
export interface PanelState<P extends string = string> {
  open: boolean;
  page: P | null;
}

interface UiState {
  modal: ModalState | null;
  loader: boolean;
  dialogOverlay: boolean;
  panels: Record<PanelId, PanelState>;
  /** Spec §4: set after a login so the after-login modal (announcements) can show. */
  afterLogin: boolean;
  setAfterLogin: (on: boolean) => void;
  closePanels: () => void;
  openModal: (modal: ModalState) => void;
  closeModal: () => void;
  setLoader: (on: boolean) => void;
  setDialogOverlay: (on: boolean) => void;
  openPanel: (id: PanelId, page?: string) => void;
  setPanelPage: (id: PanelId, page: string) => void;
  closePanel: (id: PanelId) => void;
}

export const useUiStore = create<UiState>()((set) => ({
  modal: null,
  loader: false,
  dialogOverlay: false,
  panels: { personal: { open: false, page: null }, agent: { open: false, page: null } },
  afterLogin: false,
  setAfterLogin: (afterLogin) => set({ afterLogin }),
  closePanels: () =>
    set((s) => ({
      panels: { personal: { ...s.panels.personal, open: false }, agent: { ...s.panels.agent, open: false } },
    })),
  openModal: (modal) => set({ modal }),
  closeModal: () => set({ modal: null }),
  setLoader: (loader) => set({ loader }),
  setDialogOverlay: (dialogOverlay) => set({ dialogOverlay }),
  openPanel: (id, page) =>
    set((s) => ({ panels: { ...s.panels, [id]: { open: true, page: page ?? s.panels[id].page } } })),
  setPanelPage: (id, page) => set((s) => ({ panels: { ...s.panels, [id]: { ...s.panels[id], page } } })),
  closePanel: (id) => set((s) => ({ panels: { ...s.panels, [id]: { ...s.panels[id], open: false } } })),
}));
