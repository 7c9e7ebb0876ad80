// SPDX-License-Identifier: Apache-2.0
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import { Box, Typography } from '@mui/material';
import { useColorScheme } from '@mui/material/styles';
import { policyJsonProblem } from '@stowage/contracts';
import CodeMirror from '@uiw/react-codemirror';
import { type ReactElement, useMemo } from 'react';

const parseLinter = jsonParseLinter();
/** JSON parse errors marked in place; an empty optional document is fine, so it is not linted. */
const requiredExtensions = [json(), linter(parseLinter, { delay: 300 }), lintGutter()];
const optionalExtensions = [
  json(),
  linter((view) => (view.state.doc.length === 0 ? [] : parseLinter(view)), { delay: 300 }),
  lintGutter(),
];

/**
 * The policy JSON editor (spec 2 §2 Create Policy and the JSON tab): CodeMirror 6 with JSON syntax
 * highlighting, inline lint marks at the parse error, and the problem spelled out under the editor.
 * An empty text is allowed when `optional` (a service account without its own policy).
 */
export function PolicyEditor({
  value,
  onChange,
  label = 'Policy document',
  optional = false,
  minHeight = 280,
  readOnly = false,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  optional?: boolean;
  minHeight?: number;
  readOnly?: boolean;
}): ReactElement {
  const { mode, systemMode } = useColorScheme();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  const problem = useMemo(
    () => (optional && value.trim() === '' ? null : policyJsonProblem(value)),
    [value, optional],
  );
  return (
    <Box>
      <Typography variant="subtitle2" component="label" sx={{ display: 'block', mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        data-testid="policy-editor"
        sx={{
          border: 1,
          borderColor: problem ? 'error.main' : 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          fontSize: 13,
          '& .cm-editor': { minHeight },
          '& .cm-scroller': { minHeight, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
        }}
      >
        <CodeMirror
          value={value}
          onChange={onChange}
          extensions={optional ? optionalExtensions : requiredExtensions}
          theme={dark ? 'dark' : 'light'}
          editable={!readOnly}
          basicSetup={{ lineNumbers: true, foldGutter: true, highlightActiveLine: !readOnly }}
          aria-label={label}
        />
      </Box>
      <Typography
        variant="caption"
        role={problem ? 'alert' : undefined}
        color={problem ? 'error' : 'text.secondary'}
        sx={{ display: 'block', mt: 0.5, minHeight: 20 }}
      >
        {problem ?? (optional && value.trim() === '' ? 'Optional.' : 'Valid JSON.')}
      </Typography>
    </Box>
  );
}
