import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Checkbox,
  Chip,
  FormControlLabel,
  Typography,
} from '@mui/material';
import type { ServicePermissions } from './groupPermissions';
import { MethodChip } from './MethodChip';

interface Props {
  group: ServicePermissions;
  selected: ReadonlyArray<number | string>;
  onToggle: (ids: Array<number | string>, on: boolean) => void;
  expanded: boolean;
  onExpand: (expanded: boolean) => void;
}

const state = (ids: Array<number | string>, selected: ReadonlyArray<number | string>) => {
  const count = ids.filter((id) => selected.includes(id)).length;
  return { all: count === ids.length && count > 0, some: count > 0 && count < ids.length, count };
};

/** One service's permissions: a checkbox for the service, for each resource, and for each route. */
export const PermissionGroup = ({ group, selected, onToggle, expanded, onExpand }: Props) => {
  const ids = group.resources.flatMap((r) => r.permissions.map((p) => p.id));
  const service = state(ids, selected);
  return (
    <Accordion expanded={expanded} onChange={(_, open) => onExpand(open)} disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-label={`${group.service} permissions`}>
        <Checkbox
          size="small"
          checked={service.all}
          indeterminate={service.some}
          onClick={(e) => e.stopPropagation()}
          onChange={(e) => onToggle(ids, e.target.checked)}
          inputProps={{ 'aria-label': `Select every ${group.service} permission` }}
        />
        <Typography sx={{ alignSelf: 'center', fontWeight: 600, textTransform: 'uppercase' }}>
          {group.service}
        </Typography>
        <Typography sx={{ alignSelf: 'center', ml: 1, color: 'text.secondary' }}>
          {service.count} / {ids.length}
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>
        {group.resources.map((resource) => {
          const rIds = resource.permissions.map((p) => p.id);
          const r = state(rIds, selected);
          return (
            <Box key={resource.key} sx={{ borderTop: 1, borderColor: 'divider', py: 1 }}>
              <FormControlLabel
                label={<Typography sx={{ fontWeight: 500 }}>{resource.label}</Typography>}
                control={
                  <Checkbox
                    size="small"
                    checked={r.all}
                    indeterminate={r.some}
                    onChange={(e) => onToggle(rIds, e.target.checked)}
                  />
                }
              />
              <Box sx={{ pl: 4, display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
                {resource.permissions.map((p) => (
                  <FormControlLabel
                    key={p.id}
                    sx={{ minWidth: 0 }}
                    control={
                      <Checkbox
                        size="small"
                        checked={selected.includes(p.id)}
                        onChange={(e) => onToggle([p.id], e.target.checked)}
                      />
                    }
                    label={
                      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
                        <MethodChip method={p.method} />
                        {(p.kind === 'reveal' || p.kind === 'action') && (
                          // Granting these is a decision of its own (ADR 0005): make them stand out.
                          <Chip
                            size="small"
                            label={p.kind === 'reveal' ? 'reveals secrets' : 'starts work'}
                            color={p.kind === 'reveal' ? 'error' : 'warning'}
                          />
                        )}
                        <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                          {p.route}
                        </Typography>
                      </Box>
                    }
                  />
                ))}
              </Box>
            </Box>
          );
        })}
      </AccordionDetails>
    </Accordion>
  );
};
