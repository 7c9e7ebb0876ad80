// SPDX-License-Identifier: Apache-2.0
import CloudSyncOutlined from '@mui/icons-material/CloudSyncOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import { Box, Paper, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { ColorModeToggle } from '@/shared/ui/color-mode-toggle';
import { StowageLogo } from '@/shared/ui/stowage-logo';

const highlights = [
  { icon: <ShieldOutlined />, title: 'Erasure-coded by default', text: 'Objects survive lost drives.' },
  { icon: <PolicyOutlined />, title: 'Fine-grained access', text: 'Users, groups and IAM policies.' },
  { icon: <CloudSyncOutlined />, title: 'S3 compatible', text: 'Works with the tools you already use.' },
];

/** The sign-in frame: a brand panel on the left (wide screens only) and the form card on the right. */
export function LoginLayout({ children }: { children: ReactNode }): ReactElement {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <Box
        component="aside"
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          width: '44%',
          maxWidth: 620,
          p: 6,
          color: '#fff',
          position: 'relative',
          overflow: 'hidden',
          background:
            'radial-gradient(1200px 600px at -10% 110%, rgba(20,184,166,0.55), transparent 60%),' +
            'radial-gradient(900px 500px at 110% -10%, rgba(99,102,241,0.55), transparent 60%),' +
            'linear-gradient(160deg, #0b1638 0%, #13245e 55%, #0d3b66 100%)',
        }}
      >
        <StowageLogo subtitle="Object Storage Console" inverted />
        <Box sx={{ maxWidth: 440 }}>
          <Typography
            component="p"
            sx={{ fontSize: 40, lineHeight: 1.1, fontWeight: 700, letterSpacing: '-0.03em', mb: 2 }}
          >
            Your buckets, users and policies in one place.
          </Typography>
          <Typography component="p" sx={{ color: 'rgba(255,255,255,0.75)', fontSize: 16, mb: 5 }}>
            Manage S3-compatible storage from the browser: browse objects, control access and watch your
            servers at work.
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2.5 }}>
            {highlights.map((h) => (
              <Box component="li" key={h.title} sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                <Box
                  sx={{
                    width: 40,
                    height: 40,
                    borderRadius: 2,
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'rgba(255,255,255,0.1)',
                    border: '1px solid rgba(255,255,255,0.16)',
                  }}
                >
                  {h.icon}
                </Box>
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{h.title}</Typography>
                  <Typography sx={{ fontSize: 14, color: 'rgba(255,255,255,0.7)' }}>{h.text}</Typography>
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
        <Typography sx={{ fontSize: 13, color: 'rgba(255,255,255,0.55)' }}>
          © {new Date().getFullYear()} Stowage — open-source object storage
        </Typography>
      </Box>
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 2, sm: 4 },
          position: 'relative',
        }}
      >
        <Box sx={{ position: 'absolute', top: 16, right: 16 }}>
          <ColorModeToggle />
        </Box>
        <Box sx={{ display: { xs: 'block', md: 'none' }, mb: 3 }}>
          <StowageLogo subtitle="Object Storage Console" />
        </Box>
        <Paper
          variant="outlined"
          sx={{
            width: '100%',
            maxWidth: 420,
            p: { xs: 3, sm: 5 },
            borderRadius: '20px',
            position: 'relative',
            overflow: 'hidden',
            boxShadow: '0 24px 48px -24px rgba(15, 23, 42, 0.25)',
          }}
        >
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
