// SPDX-License-Identifier: Apache-2.0
import { Alert, Snackbar, useMediaQuery, useTheme } from '@mui/material';
import {
  createContext,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { toApiError } from '../api/api-error';
import { autoHideMs, modalSnackbarText, type SnackbarKind } from './snackbar-rules';
import { clearOfTransferDock } from './transfer-dock';

export interface SnackbarMessage {
  message: string;
  detailedErrorMsg?: string | undefined;
  type: SnackbarKind;
  /** Distinguishes two equal messages in a row, so the second one restarts the timer. */
  id: number;
}

interface SnackbarApi {
  /** A plain notice on screen, e.g. 'Objects deleted successfully.'. */
  showMessage: (message: string) => void;
  /** A failure on screen (spec 1 §8: errors show in a snackbar). Accepts any thrown value. */
  showError: (error: unknown) => void;
  /** A failure inside a dialog: shows in the dialog's {@link ModalSnackbar}. */
  showModalError: (error: unknown) => void;
  showModalMessage: (message: string) => void;
}

interface SnackbarState {
  screen: SnackbarMessage | null;
  modal: SnackbarMessage | null;
  closeScreen: () => void;
  closeModal: () => void;
}

const ApiContext = createContext<SnackbarApi | null>(null);
const StateContext = createContext<SnackbarState | null>(null);

let nextId = 1;

function fromError(error: unknown): SnackbarMessage {
  const e = toApiError(error);
  return { message: e.message, detailedErrorMsg: e.detail, type: 'error', id: nextId++ };
}

/** Holds the screen snackbar and the modal snackbar (spec 1 §1 "system state"). */
export function SnackbarProvider({ children }: { children: ReactNode }): ReactElement {
  const [screen, setScreen] = useState<SnackbarMessage | null>(null);
  const [modal, setModal] = useState<SnackbarMessage | null>(null);

  const api = useMemo<SnackbarApi>(
    () => ({
      showMessage: (message) => setScreen({ message, type: 'message', id: nextId++ }),
      showError: (error) => setScreen(fromError(error)),
      showModalError: (error) => setModal(fromError(error)),
      showModalMessage: (message) => setModal({ message, type: 'message', id: nextId++ }),
    }),
    [],
  );
  const closeScreen = useCallback(() => setScreen(null), []);
  const closeModal = useCallback(() => setModal(null), []);
  const state = useMemo(
    () => ({ screen, modal, closeScreen, closeModal }),
    [screen, modal, closeScreen, closeModal],
  );

  return (
    <ApiContext.Provider value={api}>
      <StateContext.Provider value={state}>
        {children}
        <ScreenSnackbar />
      </StateContext.Provider>
    </ApiContext.Provider>
  );
}

export function useSnackbar(): SnackbarApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useSnackbar must be used inside SnackbarProvider');
  return api;
}

function useSnackbarState(): SnackbarState {
  const state = useContext(StateContext);
  if (!state) throw new Error('Snackbars must be rendered inside SnackbarProvider');
  return state;
}

/**
 * The screen snackbar sits at the bottom left (over the side menu's footer, where desktop snackbars go) and
 * is never wider than the room left of the object browser's dock, so it never covers the Jobs and Uploads
 * panels at the bottom right. Centred, it had covered the Uploads panel at 1024 px and the cells at the
 * bottom of a page's last table (the Swift keys of RGW subusers) while it showed. Below the `sm`
 * breakpoint the dock takes the whole width of the bottom: the snackbar goes to the top, under the app bar.
 */
function ScreenSnackbar(): ReactElement {
  const { screen, closeScreen } = useSnackbarState();
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Snackbar
      key={screen?.id}
      open={screen !== null}
      autoHideDuration={screen ? autoHideMs(screen.type) : null}
      onClose={(_, reason) => reason !== 'clickaway' && closeScreen()}
      anchorOrigin={
        narrow ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'left' }
      }
      sx={narrow ? { top: 72 } : undefined}
    >
      <Alert
        onClose={closeScreen}
        severity={screen?.type === 'error' ? 'error' : 'success'}
        variant="filled"
        sx={{
          minWidth: { sm: `min(320px, ${clearOfTransferDock})` },
          maxWidth: { sm: `min(640px, ${clearOfTransferDock})` },
        }}
      >
        {screen?.message}
        {screen?.detailedErrorMsg ? ` — ${screen.detailedErrorMsg}` : ''}
      </Alert>
    </Snackbar>
  );
}

/** Place inside a dialog; shows what {@link SnackbarApi.showModalError} reported, above the dialog content. */
export function ModalSnackbar(): ReactElement {
  const { modal, closeModal } = useSnackbarState();
  // A dialog's message belongs to that dialog: when it closes (and this unmounts), the message goes too,
  // so the next dialog does not open with a stale error.
  useEffect(() => closeModal, [closeModal]);
  return (
    <Snackbar
      key={modal?.id}
      open={modal !== null}
      autoHideDuration={modal ? autoHideMs(modal.type) : null}
      onClose={(_, reason) => reason !== 'clickaway' && closeModal()}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      // centred by left 50%, an absolute box would shrink to half the dialog: size it to the dialog
      sx={{ position: 'absolute', width: 'max-content', maxWidth: 'calc(100% - 32px)' }}
    >
      <Alert onClose={closeModal} severity={modal?.type === 'error' ? 'error' : 'success'} variant="filled">
        {modal ? modalSnackbarText(modal) : ''}
      </Alert>
    </Snackbar>
  );
}
