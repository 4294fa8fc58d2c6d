/** The uploads module: images and files the other modules refer to by id. */
import type { GatewayModule } from '../platform/module';
import { registerUploadRoutes } from './routes';

export const uploadsModule: GatewayModule = {
  name: 'uploads',
  register(app, ctx) {
    registerUploadRoutes(app, ctx.access);
  },
};
