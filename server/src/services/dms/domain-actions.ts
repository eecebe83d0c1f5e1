import type { FastifyInstance } from 'fastify';
import type { ResourceModel } from '../../core/resource.js';
import type { AppDeps } from '../../deps.js';
import { registerDomainRefresh } from './domain-refresh.js';

/** The domains' own calls; their bulk import is the declared one (services/imports.ts). */
export function registerDomainActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  registerDomainRefresh(app, model, deps);
}
