// SPDX-License-Identifier: Apache-2.0
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import AudioFileOutlined from '@mui/icons-material/AudioFileOutlined';
import CodeOutlined from '@mui/icons-material/CodeOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import VideoFileOutlined from '@mui/icons-material/VideoFileOutlined';
import type { SvgIconProps } from '@mui/material';
import type { ReactElement } from 'react';
import { type FileKind, fileKind } from '../lib/file-kind';

const icons: Record<FileKind, (p: SvgIconProps) => ReactElement> = {
  folder: (p) => <FolderOutlined {...p} />,
  image: (p) => <ImageOutlined {...p} />,
  video: (p) => <VideoFileOutlined {...p} />,
  audio: (p) => <AudioFileOutlined {...p} />,
  pdf: (p) => <PictureAsPdfOutlined {...p} />,
  code: (p) => <CodeOutlined {...p} />,
  text: (p) => <DescriptionOutlined {...p} />,
  archive: (p) => <ArchiveOutlined {...p} />,
  file: (p) => <InsertDriveFileOutlined {...p} />,
};

const colors: Record<FileKind, SvgIconProps['color']> = {
  folder: 'primary',
  image: 'success',
  video: 'secondary',
  audio: 'secondary',
  pdf: 'error',
  code: 'info',
  text: 'action',
  archive: 'warning',
  file: 'action',
};

/** The icon of a listing entry by its extension (spec 1 §2.6); decorative, the name is the label. */
export function FileIcon({ name }: { name: string }): ReactElement {
  const kind = fileKind(name);
  const Icon = icons[kind];
  return <Icon fontSize="small" color={colors[kind]} aria-hidden data-kind={kind} />;
}
