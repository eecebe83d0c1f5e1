import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import {
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
} from '@mui/material';
import { actions, resources } from '@sitefleet/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDecimal, pathOf } from './format';
import { LinksSankey } from './LinksSankey';
import { Panel } from './Panel';
import { useSeo } from './useSeo';

export const NO_RECENT_LINKS = 'No recent links available';
export const FULL_REPORT = 'Go to full report';

/**
 * SPEC §2.3: the full report is the website show page's tab 5 counted from 0 in SPEC §2.5's order (Overview,
 * Wordpress, Directory, DNS, Indexed History, SEO): its SEO tab, addressed by the tab's path in WebsiteShow.
 */
export const fullReportPath = (siteId: number) => `/${resources.websites.path}/${siteId}/show/seo`;

/** The site's newest links and its referring domains' TLDs: one call, shared by two panels. */
export const useBacklinkProfile = (siteId: number) =>
  useSeo(actions.seo.backlinkProfile, { params: { id: String(siteId) } });

const cellText = { maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

type View = 'table' | 'sankey';

/** Recent Links (SPEC §9: 8), as a table or a Sankey chart of referring hosts to the site's pages. */
export const RecentLinksPanel = ({ siteId }: { siteId: number }) => {
  const query = useBacklinkProfile(siteId);
  const [view, setView] = useState<View>('table');
  return (
    <Panel
      title="Recent Links"
      testId="panel-recent-links"
      query={query}
      source={(a) => a.data.source}
      empty={NO_RECENT_LINKS}
      isEmpty={(a) => a.data.recent.length === 0}
      actions={
        <>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_, next: View | null) => next && setView(next)}
            aria-label="Recent links view"
          >
            <ToggleButton value="table" aria-label="Table view">
              <TableRowsOutlined fontSize="small" />
            </ToggleButton>
            <ToggleButton value="sankey" aria-label="Sankey view">
              <AccountTreeOutlined fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
          <Button component={Link} to={fullReportPath(siteId)} size="small">
            {FULL_REPORT}
          </Button>
        </>
      }
    >
      {({ data }) => {
        const links = data.recent.slice(0, actions.seo.RECENT_LINKS);
        if (view === 'sankey') return <LinksSankey links={links} />;
        return (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Recent links">
              <TableHead>
                <TableRow>
                  <TableCell>Referring page</TableCell>
                  <TableCell>Target</TableCell>
                  <TableCell>Anchor</TableCell>
                  <TableCell align="right">DR</TableCell>
                  <TableCell>First seen</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {links.map((link) => (
                  <TableRow key={`${link.source_url} ${link.target_url}`} data-testid="recent-link">
                    <TableCell sx={cellText}>
                      <Tooltip title={link.source_url}>
                        <a href={link.source_url} target="_blank" rel="noopener noreferrer">
                          {link.source_host}
                        </a>
                      </Tooltip>
                    </TableCell>
                    <TableCell sx={cellText}>{pathOf(link.target_url)}</TableCell>
                    <TableCell sx={cellText}>{link.anchor}</TableCell>
                    <TableCell align="right">{formatDecimal(link.domain_rating)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{link.first_seen}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        );
      }}
    </Panel>
  );
};
