import { Box } from '@mui/material';
import { footprintRisk, type actions, type FootprintKind } from '@sitefleet/shared';
import cytoscape, { type Core, type ElementDefinition } from 'cytoscape';
import { useEffect, useRef } from 'react';
import { KIND_COLORS, RISK_COLORS } from './labels';

type Node = actions.footprint.FootprintNode;
type Edge = actions.footprint.FootprintEdge;

export interface GraphSelection {
  site: number | null;
  pair: [number, number] | null;
}

const STYLE: cytoscape.StylesheetJson = [
  {
    selector: 'node',
    style: {
      'background-color': 'data(color)',
      label: 'data(label)',
      'font-size': 9,
      color: '#37474f',
      'text-valign': 'bottom',
      'text-margin-y': 2,
      width: 'data(size)',
      height: 'data(size)',
      'border-width': 1,
      'border-color': '#ffffff',
    },
  },
  {
    selector: 'edge',
    style: {
      width: 'data(width)',
      'line-color': 'data(color)',
      opacity: 0.55,
      'curve-style': 'haystack',
    },
  },
  { selector: 'node:selected', style: { 'border-width': 3, 'border-color': '#1565c0' } },
  { selector: 'edge:selected', style: { opacity: 1, 'line-color': '#1565c0' } },
  { selector: '.faded', style: { opacity: 0.12 } },
];

function elements(nodes: Node[], edges: Edge[]): ElementDefinition[] {
  const count = Math.max(1, nodes.length);
  const radius = 40 * Math.sqrt(count);
  return [
    ...nodes.map((n, i): ElementDefinition => ({
      group: 'nodes',
      data: {
        id: `s${n.id}`,
        site: n.id,
        label: n.hostname,
        color: RISK_COLORS[footprintRisk(n.score)],
        size: 10 + Math.round(n.score / 5),
      },
      // A fixed start on a circle (by score order) so the layout is the same on every visit.
      position: {
        x: radius * Math.cos((2 * Math.PI * i) / count),
        y: radius * Math.sin((2 * Math.PI * i) / count),
      },
    })),
    ...edges.map((e): ElementDefinition => ({
      group: 'edges',
      data: {
        id: `p${e.a}-${e.b}`,
        source: `s${e.a}`,
        target: `s${e.b}`,
        a: e.a,
        b: e.b,
        width: 0.5 + 4 * e.strength,
        color: KIND_COLORS[e.kinds[0] as FootprintKind] ?? '#90a4ae',
      },
    })),
  ];
}

/**
 * The network as a force-directed graph (cytoscape): a node per site, sized and coloured by its risk; an
 * edge per tie, as thick as it is strong, coloured by its strongest kind. Clicking a site or a tie selects it.
 */
export const FootprintGraph = ({
  nodes,
  edges,
  selection,
  onSelect,
}: {
  nodes: Node[];
  edges: Edge[];
  selection: GraphSelection;
  onSelect: (s: GraphSelection) => void;
}) => {
  const container = useRef<HTMLDivElement | null>(null);
  const cy = useRef<Core | null>(null);
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    if (!container.current) return;
    const graph = cytoscape({
      container: container.current,
      elements: elements(nodes, edges),
      style: STYLE,
      layout: {
        name: 'cose',
        animate: false,
        randomize: false,
        nodeRepulsion: () => 9000,
        idealEdgeLength: () => 60,
        numIter: 600,
      },
      minZoom: 0.2,
      maxZoom: 3,
      boxSelectionEnabled: false,
    });
    graph.on('tap', 'node', (ev) => select.current({ site: Number(ev.target.data('site')), pair: null }));
    graph.on('tap', 'edge', (ev) =>
      select.current({ site: null, pair: [Number(ev.target.data('a')), Number(ev.target.data('b'))] }),
    );
    graph.on('tap', (ev) => {
      if (ev.target === graph) select.current({ site: null, pair: null });
    });
    cy.current = graph;
    return () => {
      graph.destroy();
      cy.current = null;
    };
  }, [nodes, edges]);

  // The selection from outside (the table, a reason's site) shows in the graph: the rest fades.
  useEffect(() => {
    const graph = cy.current;
    if (!graph) return;
    graph.batch(() => {
      graph.elements().removeClass('faded').unselect();
      const focus = selection.site
        ? graph.getElementById(`s${selection.site}`).closedNeighborhood()
        : selection.pair
          ? graph
              .getElementById(`s${selection.pair[0]}`)
              .union(graph.getElementById(`s${selection.pair[1]}`))
              .union(graph.getElementById(`p${selection.pair[0]}-${selection.pair[1]}`))
          : null;
      if (focus && focus.nonempty()) {
        graph.elements().difference(focus).addClass('faded');
        if (selection.site) graph.getElementById(`s${selection.site}`).select();
      }
    });
  }, [selection, nodes, edges]);

  return (
    <Box
      ref={container}
      data-testid="footprint-graph"
      data-nodes={nodes.length}
      data-edges={edges.length}
      role="img"
      aria-label={`Footprint graph: ${nodes.length} sites, ${edges.length} ties`}
      sx={{ height: 560, width: '100%', bgcolor: 'grey.50', borderRadius: 1 }}
    />
  );
};
